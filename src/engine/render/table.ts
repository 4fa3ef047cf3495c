// A run as a Markdown timeline table, in the style of the seeds' interaction timelines: a row per
// step, a column per actor (the diagram's order), and a last column naming violated invariants.
// Pure text out, meant to be pasted into a GitHub issue next to the diagram.
import type { SimEvent } from '../model/events';
import { escapeCell } from './escape';
import { participantsOf, type RenderInput, type StepRange, stepsIn } from './participants';

/** The legend printed above every table, so a pasted table explains itself. */
export const TABLE_LEGEND =
  'Each row is one step of the run (the step numbers match the diagram); each column is an actor. ' +
  'A cell lists what happened at that actor, in order, separated by `;`; `→ x: …` is a message the ' +
  'actor sent to x. The last column names any invariant violated at that step.';

export function toMarkdownTable(result: RenderInput, opts: StepRange = {}): string {
  const participants = participantsOf(result.steps);
  const labelOf = new Map(participants.map((p) => [p.id, p.label]));
  const header = ['step', ...participants.map((p) => p.label), 'invariants'].map((h) =>
    escapeCell(h),
  );
  const rows = [row(header), row(header.map(() => '---'))];
  for (const s of stepsIn(result.steps, opts)) {
    const cells = participants.map((p) =>
      s.events
        .filter((e) => e.actor === p.id)
        .map((e) => escapeCell(cellText(e, labelOf)))
        .join('; '),
    );
    const violated = result.violations
      .filter((v) => v.step === s.index)
      .map((v) =>
        escapeCell(
          v.messages.length > 0 ? `${v.invariant} (${v.messages.join(', ')})` : v.invariant,
        ),
      )
      .join('; ');
    rows.push(row([String(s.index), ...cells, violated]));
  }
  return `${TABLE_LEGEND}\n\n${rows.join('\n')}${endText(result, opts)}`;
}

/**
 * Under a table that reaches the run's last step, why the run is quiet with work undone (a broken
 * channel that never healed, a send never answered): a table that just stops reads as a clean end.
 */
function endText(result: RenderInput, opts: StepRange): string {
  const notes = result.endNotes ?? [];
  const last = result.steps[result.steps.length - 1]?.index ?? 0;
  if (notes.length === 0 || (opts.to !== undefined && opts.to < last)) return '';
  return `\n\nThe run ended quiescent after step ${last}, but:\n${notes.map((n) => `- ${n}.`).join('\n')}`;
}

function cellText(e: SimEvent, labelOf: ReadonlyMap<string, string>): string {
  return e.to === undefined ? e.text : `→ ${labelOf.get(e.to) ?? e.to}: ${e.text}`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}
