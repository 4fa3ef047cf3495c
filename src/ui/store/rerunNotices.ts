// What a re-run tells the user about the branch's choices: that an added fault kept them, that a
// choice no longer fits and the branch was cut there (a fix toggled, or anything else), or that the
// scenario's own schedule does not fit the run.
import type { ScheduleError } from '../../engine';
import type { AddedFault } from './addedFault';
import type { Notice } from './state';

/** The notice for a branch cut at `err.step`: it names the added fault or the toggled fix that cut it. */
export function cutNotice(
  err: ScheduleError,
  added: AddedFault | undefined,
  fixChange: string | undefined,
): Notice {
  const why = `its choice for step ${err.step} ("${err.key}") is no longer possible; from step ${err.step} on the run takes the automatic choices.`;
  // A fault added where a later kept choice no longer fits: say the fault kept the
  // interleaving up to the step before (it cannot be cut before the fault's own step).
  const text = added
    ? `${added.what} added at step ${added.at}: the rest of the interleaving was kept up to step ${err.step - 1}, but ${why}`
    : fixChange
      ? `With ${fixChange}, this branch's step ${err.step} ("${err.key}") cannot happen: the fix changes what the run can do there${canTake(err.enabled)}. Steps 1–${err.step - 1} are as before; from step ${err.step} on the run takes the automatic choices.`
      : `This branch's choice for step ${err.step} ("${err.key}") is no longer possible; from step ${err.step} on the run takes the automatic choices.`;
  return fixChange
    ? { source: 'schedule', tone: 'info', text, problems: [] }
    : {
        source: 'schedule',
        text,
        problems: [
          { path: `schedule[${err.step - 1}]`, message: `schedule error: ${err.message}` },
        ],
      };
}

/** The scenario's own schedule: the run stops where it fails, as the CLI's `schedule error`. */
export const scheduleNotice = (err: ScheduleError): Notice => ({
  source: 'schedule',
  text: `The scenario's schedule does not fit the run: it stops after step ${err.step - 1}.`,
  problems: [{ path: `$.schedule[${err.step - 1}]`, message: `schedule error: ${err.message}` }],
});

/** ", where it can take a, b or c" — the first few enabled keys, for a fix's cut notice. */
function canTake(enabled: readonly string[]): string {
  if (enabled.length === 0) return '';
  const shown = enabled.slice(0, 3).map((k) => `"${k}"`);
  const more = enabled.length > 3 ? ` or ${enabled.length - 3} more` : '';
  return ` (it can take ${shown.join(', ')}${more})`;
}

/** What adding a fault kept: the steps after it, taken as the trace shown took them. */
export function keptNotice(added: AddedFault, kept: number): Notice {
  const only = added.orderOnly
    ? ' A slow bookie only reorders the automatic choices: within the kept steps its answers arrive where they did.'
    : '';
  const text =
    kept > added.at
      ? `${added.what} added at step ${added.at}: the chosen interleaving (steps ${added.at + 1}–${kept}) is kept as it was; only what the fault changes differs, and from step ${kept + 1} on the run takes the automatic choices.${only}`
      : `${added.what} added at step ${added.at}: no later step was chosen by hand, so from step ${added.at + 1} on the run takes the automatic choices, with the fault.`;
  return { source: 'fault', tone: 'info', text, problems: [] };
}
