// A Messages-panel flag's history in words: since when it holds and, when its sentence moved on
// between the step it first held and the step shown, only the words that moved (UX reviews 13 and
// 14). Kept apart from the panel because it is plain text work the tests read directly.
import type { OutcomeFlag } from '../../../engine';

/** Since when a flag holds, in the words of the step shown; '' when the run's history is not given. */
export function sinceText(f: OutcomeFlag, step: number | undefined): string {
  if (f.since === undefined || step === undefined) return '';
  if (f.since === step) return 'first held at this step';
  if (f.then === undefined) return `since step ${f.since}`;
  const moved = movedWords(f.then, f.detail);
  const at = `as it reads at step ${step}; at step ${f.since}, where it first held (the Invariants panel quotes that step), it read`;
  return moved ? `${at} “${moved.then}” where it now reads “${moved.now}”` : `${at}: ${f.then}`;
}

/**
 * What moved between two wordings of one finding, with a word of context before it: a loss whose
 * mark-delete moved from 10:2 to 10:3 says so, not both ~150-character sentences (UX review 14,
 * finding 8). Null when most of the sentence changed: then the whole of it is clearer.
 */
export function movedWords(then: string, now: string): { then: string; now: string } | null {
  const a = then.split(' ');
  const b = now.split(' ');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const from = Math.max(0, head - 1);
  const was = a.slice(from, a.length - tail);
  const is = b.slice(from, b.length - tail);
  if (was.length === 0 || is.length === 0 || was.length + is.length > (a.length + b.length) / 2)
    return null;
  return { then: was.join(' '), now: is.join(' ') };
}
