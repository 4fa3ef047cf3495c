// "Copy for GitHub": one markdown comment that explains a run on its own — a title line, a Mermaid
// diagram GitHub renders, the timeline table, the state at the violation, and the link. Pure; the
// window around the violation shrinks until the whole comment fits GitHub's 65,536 characters.
// What does not depend on the window (the heading, how the run was found, an edited scenario, a
// fork's paragraph: githubText.ts) is worked out once, before the first try.
import { toMarkdownTable, toMermaid, type RunResult } from '../../engine';
import type { Fork } from './fork';
import { foundSentence } from './foundBy';
import type { FoundBy } from '../store';
import {
  editedLines,
  escapeMarkdownText,
  failedButStored,
  focusOf,
  forkParagraph,
  heading,
} from './githubText';
import { stateSummary } from './summary';

// Where the app and the tests import the comment's words from.
export { escapeMarkdownText, focusOf } from './githubText';

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

/** What every try of the window shares: worked out once by buildGithubComment. */
interface Fixed {
  /** The heading and the paragraphs under it (how it was found, edited, a fork). */
  readonly intro: readonly string[];
  readonly focus: number;
  readonly last: number;
}

function compose(
  input: GithubInput,
  fixed: Fixed,
  from: number,
  to: number,
  withLink: boolean,
  withSummary: boolean,
): string {
  const { result } = input;
  const { last, focus } = fixed;
  const whole = from <= 1 && to >= last;
  const range = whole ? { from: 1, to: last } : { from, to };
  // Labels are escaped by the renderer; a stray ``` must still not end the fence. Participant
  // names as written (`replicator:us-east->us-west`), not `#58;`/`#gt;`: the raw text is read too.
  const diagram = toMermaid(result, { ...range, readableNames: true }).text.replace(/`/g, '#96;');
  const parts = [...fixed.intro];
  if (!whole)
    parts.push(
      `_Steps ${from}–${to} of ${last}, around step ${focus}; the link has the whole run._`,
      '',
    );
  parts.push('```mermaid', diagram, '```', '', toMarkdownTable(result, range), '');
  if (withSummary) {
    parts.push(
      '<details><summary>State at step ' + focus + '</summary>',
      '',
      '```text',
      stateSummary(result, focus),
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
  // Every message's outcome is read once here, not on every try while the window narrows.
  const intro = [
    heading(input, failedButStored(input.result)),
    '',
    ...(input.found ? [escapeMarkdownText(foundSentence(input.found)), ''] : []),
    ...editedLines(input),
    ...(input.fork ? forkParagraph(input.fork) : []),
  ];
  const fixed: Fixed = { intro, focus, last };
  // A short run is tried whole first; only when that does not fit does the window close in.
  let whole = last <= WHOLE_TRACE_STEPS;
  let radius = whole ? last : 25;
  for (;;) {
    const from = whole ? 1 : Math.max(1, focus - radius);
    const to = whole ? last : Math.min(last, focus + Math.max(2, Math.ceil(radius / 3)));
    const text = compose(input, fixed, from, to, linkFits, true);
    if (text.length <= max) return { text, from, to };
    if (whole) {
      whole = false;
      continue;
    }
    if (radius === 0) {
      // Even the violation's own step is too big: keep the diagram and table, drop the rest.
      const bare = compose(input, fixed, focus, focus, false, false);
      const fitted =
        bare.length <= max
          ? bare
          : bare.slice(0, max - 40).replace(/[^\n]*$/, '') + '\n_(cut to fit GitHub)_\n';
      return { text: fitted, from: focus, to: focus };
    }
    radius = radius > 8 ? Math.floor(radius * 0.7) : radius - 1;
  }
}
