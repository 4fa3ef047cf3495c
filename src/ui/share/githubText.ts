// The words of a "Copy for GitHub" comment that do not depend on the window of steps drawn: the
// heading (scenario, fixes, what broke or what the application was told), and where the scenario
// came from (an edited copy, a fork and what it chose). github.ts works them out once and fits the
// diagram and table around them.
import { outcomeRows, type RunResult } from '../../engine';
import { forkLines, type Fork } from './fork';
import { describeFaultKey } from '../keyWords';
import type { GithubInput } from './github';

/** Plain text for a markdown line: no HTML, no links or emphasis the scenario did not mean. */
export function escapeMarkdownText(raw: string): string {
  return raw
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1');
}

/** The focus of the comment: the first violation's step, else the step on screen. */
export function focusOf(
  result: RunResult,
  step: number,
): { step: number; invariant: string | null } {
  const v = result.violations[0];
  return v ? { step: v.step, invariant: v.invariant } : { step, invariant: null };
}

/**
 * Under a title that names a problem, "no invariant violated" alone read as "nothing happened"
 * (UX review 22, finding 4): a send the application was told failed while its cluster stores the
 * message is Pulsar's contract, not a violation, yet it is the story. Said as of the run's end.
 * It reads every message's outcome, so buildGithubComment asks once, not on every try of the
 * window (session 23's review).
 */
export function failedButStored(result: RunResult): string {
  const end = result.steps[result.steps.length - 1];
  if (!end) return '';
  const msgs = outcomeRows(end.world)
    .filter((r) => r.flags.some((f) => f.kind === 'failed-but-stored'))
    .map((r) => escapeMarkdownText(r.msg));
  if (msgs.length === 0) return '';
  const verb = msgs.length === 1 ? 'is' : 'are';
  return `; ${msgs.join(', ')} ${verb} reported failed, yet stored`;
}

/** The comment's first line; `failed` is failedButStored(input.result). */
export function heading(input: GithubInput, failed: string): string {
  const { result } = input;
  const focus = focusOf(result, input.step);
  const broke = focus.invariant
    ? `${focus.invariant} violated at step ${focus.step}`
    : `no invariant violated (${result.steps.length - 1} steps)${failed}`;
  const fixes = input.fixes.length > 0 ? ` with ${input.fixes.join(', ')}` : '';
  const forked = input.fork && forkLines(input.fork).length > 0 ? ', a fork' : '';
  const edited = input.edited === 'builtin' ? ', edited' : '';
  const extras = `${fixes}${edited}${forked}`;
  // A scenario whose title is its id (a pasted one may be) is named once (UX review 24, finding 5).
  const named =
    input.title === input.scenarioId
      ? `\`${input.scenarioId}\`${extras ? ` (${extras.replace(/^,? /, '')})` : ''}`
      : `${escapeMarkdownText(input.title)} (\`${input.scenarioId}\`${extras})`;
  return `### Dedup Lab: ${named}: ${broke}`;
}

/**
 * Where the scenario came from, when not the built-in of its id as shipped: an edited copy kept
 * the built-in's id, and its heading read like the built-in (UX review 11).
 */
export function editedLines(input: GithubInput): string[] {
  if (input.edited === 'builtin')
    return [
      `_An edited copy of the built-in ${code(input.scenarioId)}, changed in Dedup Lab's editor: the link carries this version; the built-in of that name differs._`,
      '',
    ];
  if (input.edited === 'own')
    return ["_A scenario written in Dedup Lab's editor: the link carries it._", ''];
  return [];
}

/** Fork lines shown in a comment; more are counted (the link has them all). */
const FORK_LINES_MAX = 12;
const code = (k: string) => `\`${k.replace(/[`\p{Cc}]/gu, "'")}\``;

/**
 * A fork's paragraph: it is not the scenario as written, and which choices (at which step) and
 * plan entries made it so, so a reader of the issue does not take them for the scenario's own.
 */
export function forkParagraph(f: Fork): string[] {
  const lines = forkLines(f, {
    code,
    // A fault the run chose is said in the plan's words after its key (UX review 18): the key is
    // what a schedule takes, the words what a reader of the issue can follow.
    keyWords: (k) => (k.startsWith('fault:') ? describeFaultKey(k) : null),
    text: escapeMarkdownText,
    added: " (added to the scenario's plan)",
  });
  const what = f.explorer ? ' (an explorer counterexample)' : '';
  // A branch that differs in nothing (an explorer counterexample that is the run the scenario
  // takes anyway) runs as written: "A fork, not the scenario as written" over "nothing differs"
  // told an issue's reader the opposite of what the run is (UX review 15). "The scenario as
  // written (an explorer counterexample)" then read as a contradiction at first (UX review 24,
  // finding 7): the sentence says the trace found is the scenario's own run.
  if (lines.length === 0)
    return [
      f.explorer
        ? "**The explorer's shortest trace is the scenario as written**: this run takes the scenario's own choice at every step, with its own fault plan."
        : "**The scenario as written**: this run takes the scenario's own choice at every step, with its own fault plan.",
      '',
    ];
  const out = [
    `**A fork, not the scenario as written**${what}. Where this run's recipe differs from the scenario's own schedule and fault plan:`,
    '',
    ...lines.slice(0, FORK_LINES_MAX).map((l) => `- ${l}`),
  ];
  if (lines.length > FORK_LINES_MAX)
    out.push(`- … and ${lines.length - FORK_LINES_MAX} more (the link has the whole recipe)`);
  return [...out, ''];
}
