// Compare fixes, the search loop: the explorer's search once with the fixes toggled now, then once
// more with each other fix that changes a class this scenario models, one after another, with the
// panel's bounds and the fault plan as it stands. Cancelling stops the search running and the loop.
// While it runs, the state says which search is under way, its progress and bounds, when it and
// the comparison started, and the verdicts of the searches done (a comparison on seed 001 takes
// minutes, and a growing count alone said nothing of how far it was; UX review 9, Follow-up).
// The clock is the UI's (performance.now), read at each start, progress report and end.
import { useEffect, useRef, useState } from 'react';
import { boundsText, fixesToCompare, type ExploreProgress, type FixVerdict } from '../../../engine';
import { appStore, scenarioOf, type FaultJson } from '../../store';
import { blockOf, type Bounds } from './bounds';
import { secondsOf } from './SearchStatus';
import type { ExploreHandle, StartExplore } from './session';

/** The verdicts so far (all of them once done), and what the searches ran with. */
export interface Compared {
  readonly rows: readonly FixVerdict[];
  readonly title: string;
  readonly bounds: string;
  readonly baseline: string;
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

export function useCompareFixes(props: {
  readonly start: StartExplore;
  /** The panel's bounds as its fields read now. */
  readonly bounds: () => Bounds;
  readonly onRunning: (running: boolean) => void;
}) {
  const { start, bounds, onRunning } = props;
  const [state, setState] = useState<CompareState>({ kind: 'idle' });
  const handle = useRef<ExploreHandle | null>(null);
  const stopped = useRef(false);
  useEffect(() => () => void handle.current?.cancel(), []);

  const compare = async () => {
    const s = appStore.getState();
    const sc = scenarioOf(s);
    const config = s.result?.steps[0]?.world.config;
    if (!sc || !config) return;
    // The fixes on now: the scenario's own and the toggles (what the run was made with).
    const on = config.fixes;
    const others = fixesToCompare(config);
    if (others.length === 0) {
      const why =
        on.length > 0
          ? 'every fix that changes a class this scenario models is on already'
          : 'no fix changes a class this scenario models (a Go producer, the replicator, BookKeeper)';
      return setState({ kind: 'stopped', message: `Nothing to compare: ${why}.` });
    }
    const variants: (string | null)[] = [null, ...others];
    const baseline = on.length > 0 ? `as toggled (${on.join(', ')})` : 'none';
    const named = (fix: string | null) => rowName(fix, { baseline, on });
    const read = bounds();
    const b = blockOf(read);
    // The fault plan as it stands is searched too (each planned fault at any step once due).
    const faults = s.branches[s.branch]?.faults ?? [];
    const rows: FixVerdict[] = [];
    const sheet = (): Compared => ({
      rows: [...rows],
      title: String(sc.title ?? sc.id),
      bounds: boundsText(b),
      baseline,
      on,
      toggles: s.fixes,
      faults,
      block: b,
    });
    const t0 = performance.now();
    const ranFor = () => (performance.now() - t0) / 1000;
    // The running search's count at its last report (set in its progress callback).
    const last = { states: 0 };
    stopped.current = false;
    onRunning(true);
    try {
      for (const [i, fix] of variants.entries()) {
        const t = performance.now();
        last.states = 0;
        setState({
          kind: 'running',
          at: i + 1,
          of: variants.length,
          fix: named(fix),
          waiting: variants.slice(i + 1).map(named),
          progress: null,
          maxStates: read.maxStates,
          maxDepth: read.maxDepth,
          startedAt: t0,
          searchStartedAt: t,
          now: t,
          sheet: sheet(),
        });
        const h = start(
          {
            scenario: { ...sc, explore: b, faults, schedule: 'auto' },
            fixes: fix ? [...s.fixes, fix] : s.fixes,
          },
          (progress) => {
            last.states = progress.states;
            const now = performance.now();
            setState((st) => (st.kind === 'running' ? { ...st, progress, now } : st));
          },
        );
        handle.current = h;
        const result = await h.result;
        if (!result || stopped.current) {
          // What was finished: the searches done (their verdicts stay below), how long it ran, and
          // where the one under way was stopped.
          const cut = `search ${i + 1} (${named(fix)}) was stopped at ${last.states.toLocaleString('en-US')} states`;
          return setState({
            kind: 'stopped',
            message: `Comparison cancelled after ${rows.length} of ${variants.length} searches. It ran ${durationOf(ranFor())}; ${cut}.`,
            ...(rows.length > 0 ? { sheet: sheet() } : {}),
          });
        }
        rows.push({ fix, result });
      }
      setState({ kind: 'done', sheet: sheet(), seconds: ranFor() });
    } catch (e) {
      setState({
        kind: 'stopped',
        message: `The comparison could not run: ${e instanceof Error ? e.message : String(e)}`,
        ...(rows.length > 0 ? { sheet: sheet() } : {}),
      });
    } finally {
      handle.current = null;
      onRunning(false);
    }
  };

  const cancel = () => {
    stopped.current = true;
    handle.current?.cancel();
  };
  return { state, compare, cancel };
}

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
  sheet: { readonly baseline: string; readonly on: readonly string[] },
): string {
  if (fix === null) return sheet.baseline;
  return sheet.on.length > 0 ? `${sheet.on.join(' + ')} + ${fix}` : fix;
}
