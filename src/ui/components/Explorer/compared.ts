// A comparison as the panel shows it: the sheet of verdicts so far, the state of the search loop
// (useCompareFixes.ts) while it runs, and the words for a row and for a time that runs to minutes.
import type { ExploreProgress, FixVerdict } from '../../../engine';
import type { FaultJson } from '../../store';
import { secondsOf } from './SearchStatus';

/**
 * A row: the search with one fix added (`fix`), the baseline (null), or — with fixes toggled on —
 * the search with those toggles off (`without`), so the fix on shows what it closes without being
 * turned off first (UX review 24, finding 4).
 */
export interface CompareRow extends FixVerdict {
  readonly without?: true;
}

/** The verdicts so far (all of them once done), and what the searches ran with. */
export interface Compared {
  readonly rows: readonly CompareRow[];
  readonly title: string;
  readonly bounds: string;
  readonly baseline: string;
  /** The row without the toggles, in words ("no fixes", "as written (go-1565)"); null: no such row. */
  readonly without: string | null;
  /** The fixes on for every search (the scenario's own and the toggles): each row adds one to them. */
  readonly on: readonly string[];
  /** What the searches ran with: the toggles then, the fault plan and the explore block (to open a trace). */
  readonly toggles: readonly string[];
  readonly faults: readonly FaultJson[];
  readonly block: Readonly<Record<string, unknown>>;
}

export type CompareState =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'running';
      /** This search is `at` of `of` (1-based), on `fix` (its name, or the baseline's words). */
      readonly at: number;
      readonly of: number;
      readonly fix: string;
      /** The searches still to run after this one, in words. */
      readonly waiting: readonly string[];
      readonly progress: ExploreProgress | null;
      /** The bounds each search heads for. */
      readonly maxStates: number;
      readonly maxDepth: number;
      /** performance.now() at the comparison's start, this search's start and the last report. */
      readonly startedAt: number;
      readonly searchStartedAt: number;
      readonly now: number;
      readonly sheet: Compared;
    }
  | { readonly kind: 'done'; readonly sheet: Compared; readonly seconds: number }
  | {
      readonly kind: 'stopped';
      readonly message: string;
      /** The verdicts of the searches finished before it stopped, if it got that far. */
      readonly sheet?: Compared;
    };

/**
 * A time that may run to minutes: "under 0.1 s" and "12.3 s" as the explorer's verdict gives them
 * (./SearchStatus secondsOf), "2 min 05 s" from a minute, "1 h 02 min" from an hour.
 */
export function durationOf(seconds: number): string {
  if (seconds < 59.95) return secondsOf(seconds);
  const whole = Math.max(60, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${two(whole % 60)} s`;
  return `${Math.floor(whole / 3600)} h ${two(Math.floor((whole % 3600) / 60))} min`;
}

/**
 * A row's name: the baseline's words, or the fix it adds — with the fixes already on before it, for
 * each row's search ran with them too. "sentinel-not-confirmed" alone, under "as toggled
 * (guard-rewind)", read as a search without guard-rewind (UX review 11).
 */
export function rowName(
  fix: string | null,
  sheet: {
    readonly baseline: string;
    readonly on: readonly string[];
    readonly without?: string | null;
  },
  without = false,
): string {
  if (without) return sheet.without ?? 'no fixes';
  if (fix === null) return sheet.baseline;
  return sheet.on.length > 0 ? `${sheet.on.join(' + ')} + ${fix}` : fix;
}
