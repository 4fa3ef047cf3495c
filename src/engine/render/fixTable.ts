// The explorer's verdicts on a scenario with each fix, as a Markdown table: the shape of the
// seed-scenarios table the issue threads argue over (which fix closes which gap, which only turns a
// silent loss into a visible stall), ready to paste into a GitHub comment. Shared by the CLI's
// `compare` and the app's "Compare fixes".
import type { ExploreResult } from '../explore/result';
import { escapeCell } from './escape';

/** One row: the search with one fix (null: the scenario as it is). */
export interface FixVerdict {
  readonly fix: string | null;
  readonly result: ExploreResult;
  /**
   * A row without a fix that is not the baseline, named in words: the app's search with its
   * toggled fixes off ("no fixes"), beside the baseline "as toggled (guard-rewind)".
   */
  readonly name?: string;
}

/** What a verdict says in one cell: the invariants found (shortest trace), or that none was. */
export function verdictCell(r: ExploreResult): string {
  if (r.violations.length === 0) return r.complete ? 'none (complete)' : 'none found (cut short)';
  return r.violations.map((v) => `${v.invariant} (${v.length} steps)`).join(', ');
}

/** How the search ended: complete, or what cut it short. */
export const searchCell = (r: ExploreResult): string =>
  `${r.states.toLocaleString('en-US')} states, ${r.complete ? 'complete' : `cut short (${r.stopReason ?? 'bounds'})`}`;

/** The bounds a comparison ran with, in words (the table's heading). */
export const boundsText = (b: {
  readonly maxDepth: number;
  readonly maxStates: number;
  readonly faults: { readonly kinds: readonly string[]; readonly max: number };
}): string =>
  `max depth ${b.maxDepth}, max states ${b.maxStates}, faults ${b.faults.kinds.join('+') || 'none'} max ${b.faults.max}`;

/** `baseline` names the row without an added fix (the scenario's own fixes, if any). */
export function fixTableMarkdown(
  title: string,
  rows: readonly FixVerdict[],
  bounds: string,
  baseline = 'none',
): string {
  const lines = [
    `**${escapeCell(title)}** — explorer verdicts per fix (${escapeCell(bounds)})`,
    '',
    '| fix | safety | liveness | found | search |',
    '|---|---|---|---|---|',
    ...rows.map(
      ({ fix, result: r, name }) =>
        `| ${fix === null ? escapeCell(name ?? baseline) : `\`${fix}\``} | ${r.safety} | ${r.liveness} | ${escapeCell(verdictCell(r))} | ${searchCell(r)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
