// "Copy for GitHub": one markdown comment that explains a run on its own — a title line, a Mermaid
// diagram GitHub renders, the timeline table, the state at the violation, and the link. Pure; the
// window around the violation shrinks until the whole comment fits GitHub's 65,536 characters.
import { outcomeRows, toMarkdownTable, toMermaid, type RunResult } from '../../engine';
import { forkLines, type Fork } from './fork';
import { foundSentence } from './foundBy';
import type { FoundBy } from '../store';
import { describeFaultKey } from '../keyWords';
import { stateSummary } from './summary';

export const GITHUB_MAX_CHARS = 65_536;
/** Traces up to this many steps are shown whole; longer ones around the violation. */
export const WHOLE_TRACE_STEPS = 60;

export interface GithubInput {
  readonly title: string;
  readonly scenarioId: string;
  readonly result: RunResult;
  /** The step on screen: the focus when no invariant broke. */
  readonly step: number;
  /** The share link (the full address). */
  readonly link: string;
  readonly fixes: readonly string[];
  /** The run is a fork of the scenario (./fork.ts): the comment says so and what it chose. */
  readonly fork?: Fork | null;
  /**
   * The scenario came from the editor: `builtin` when it keeps a built-in's id (an edited copy, which
   * a reader must not take for the built-in of that name), `own` for an id of its own.
   */
  readonly edited?: 'builtin' | 'own' | null;
  /** The explorer search that opened this run in the page (./foundBy.ts foundOf), if any. */
  readonly found?: FoundBy | null;
}

export interface GithubComment {
  readonly text: string;
  /** The steps drawn (inclusive); the whole run when short enough. */
  readonly from: number;
  readonly to: number;
}

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
 * Where the scenario came from, when not the built-in of its id as shipped: an edited copy kept
 * the built-in's id, and its heading read like the built-in (UX review 11).
 */
function editedLines(input: GithubInput): string[] {
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
function forkParagraph(f: Fork): string[] {
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

/**
 * Under a title that names a problem, "no invariant violated" alone read as "nothing happened"
 * (UX review 22, finding 4): a send the application was told failed while its cluster stores the
 * message is Pulsar's contract, not a violation, yet it is the story. Said as of the run's end.
 */
function failedButStored(result: RunResult): string {
  const end = result.steps[result.steps.length - 1];
  if (!end) return '';
  const msgs = outcomeRows(end.world)
    .filter((r) => r.flags.some((f) => f.kind === 'failed-but-stored'))
    .map((r) => escapeMarkdownText(r.msg));
  if (msgs.length === 0) return '';
  const verb = msgs.length === 1 ? 'is' : 'are';
  return `; ${msgs.join(', ')} ${verb} reported failed, yet stored`;
}

/** The comment's first line: it does not depend on the window, so it is worked out once. */
function heading(input: GithubInput): string {
  const { result } = input;
  const focus = focusOf(result, input.step);
  const broke = focus.invariant
    ? `${focus.invariant} violated at step ${focus.step}`
    : `no invariant violated (${result.steps.length - 1} steps)${failedButStored(result)}`;
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

function compose(
  input: GithubInput,
  head: string,
  from: number,
  to: number,
  withLink: boolean,
  withSummary: boolean,
): string {
  const { result } = input;
  const last = result.steps.length - 1;
  const focus = focusOf(result, input.step);
  const whole = from <= 1 && to >= last;
  const range = whole ? { from: 1, to: last } : { from, to };
  // Labels are escaped by the renderer; a stray ``` must still not end the fence. Participant
  // names as written (`replicator:us-east->us-west`), not `#58;`/`#gt;`: the raw text is read too.
  const diagram = toMermaid(result, { ...range, readableNames: true }).text.replace(/`/g, '#96;');
  const parts = [
    head,
    '',
    ...(input.found ? [escapeMarkdownText(foundSentence(input.found)), ''] : []),
    ...editedLines(input),
    ...(input.fork ? forkParagraph(input.fork) : []),
  ];
  if (!whole)
    parts.push(
      `_Steps ${from}–${to} of ${last}, around step ${focus.step}; the link has the whole run._`,
      '',
    );
  parts.push('```mermaid', diagram, '```', '', toMarkdownTable(result, range), '');
  if (withSummary) {
    parts.push(
      '<details><summary>State at step ' + focus.step + '</summary>',
      '',
      '```text',
      stateSummary(result, focus.step),
      '```',
      '',
      '</details>',
      '',
    );
  }
  parts.push(
    withLink
      ? `[Open this run in Dedup Lab](${input.link})`
      : '_The share link is too long for a comment; copy it from Dedup Lab._',
  );
  return parts.join('\n') + '\n';
}

/** The comment, never longer than `max`: the window narrows around the focus until it fits. */
export function buildGithubComment(input: GithubInput, max = GITHUB_MAX_CHARS): GithubComment {
  const last = input.result.steps.length - 1;
  const focus = focusOf(input.result, input.step).step;
  const linkFits = input.link.length < max / 2 && !/[\s()<>]/.test(input.link);
  const head = heading(input);
  // A short run is tried whole first; only when that does not fit does the window close in.
  let whole = last <= WHOLE_TRACE_STEPS;
  let radius = whole ? last : 25;
  for (;;) {
    const from = whole ? 1 : Math.max(1, focus - radius);
    const to = whole ? last : Math.min(last, focus + Math.max(2, Math.ceil(radius / 3)));
    const text = compose(input, head, from, to, linkFits, true);
    if (text.length <= max) return { text, from, to };
    if (whole) {
      whole = false;
      continue;
    }
    if (radius === 0) {
      // Even the violation's own step is too big: keep the diagram and table, drop the rest.
      const bare = compose(input, head, focus, focus, false, false);
      const fitted =
        bare.length <= max
          ? bare
          : bare.slice(0, max - 40).replace(/[^\n]*$/, '') + '\n_(cut to fit GitHub)_\n';
      return { text: fitted, from: focus, to: focus };
    }
    radius = radius > 8 ? Math.floor(radius * 0.7) : radius - 1;
  }
}
