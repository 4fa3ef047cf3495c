// How the explorer found the run a comment explains (UX review 24, finding 6): the comment had the
// fork's steps, the diagram and the state, but an issue's reader could not tell that the run was
// the shortest trace among every interleaving searched, nor whether it was still open with the
// fix on. The engineer added that sentence by hand; it is now said from the search that opened
// the branch, which the app keeps with it (store FoundBy). Since session 26 the share link carries
// it too (the recipe's optional `found`, ./foundWire.ts), so the run opened from the link says the
// same sentence. A run whose fixes changed since gets none: it is no longer the run found.
import { appStore, type AppState, type FoundBy } from '../store';
import type { SharedFound } from './recipe';

/** Why a search stopped early, as the explorer's verdict says it (Explorer/verdict.ts). */
const CUT: Readonly<Record<string, string>> = {
  'max-states': 'cut short by the state bound',
  'max-depth': 'cut short by the depth bound',
  memory: 'cut short before memory ran out',
};

const withWords = (fixes: readonly string[]): string =>
  fixes.length === 0 ? 'no fixes' : fixes.join(', ');

/**
 * "Found by the explorer: the shortest trace to no-silent-loss among 136 states, complete, with
 * guard-rewind on; still open beside the search with no fixes."
 */
export function foundSentence(f: FoundBy): string {
  const by = f.compare ? "Found by the explorer's Compare fixes" : 'Found by the explorer';
  const how = f.complete ? 'complete' : (CUT[f.stopReason ?? ''] ?? 'cut short');
  const on = f.fixes.length === 0 ? 'with no fixes' : `with ${f.fixes.join(', ')} on`;
  const beside = !f.beside
    ? ''
    : f.beside.open
      ? `; still open beside the search with ${withWords(f.beside.fixes)}`
      : `; new beside the search with ${withWords(f.beside.fixes)}, which did not find it`;
  const states = f.states.toLocaleString('en-US');
  return `${by}: the shortest trace to ${f.invariant} among ${states} states, ${how}, ${on}${beside}.`;
}

/** What a link carries of it: the toggles are the recipe's fixes. */
export const sharedFound = ({ toggles: _toggles, ...found }: FoundBy): SharedFound => found;

/** The search a link carried, for the branch it opens: it searched with the link's fixes on. */
export const foundFromLink = (found: SharedFound, fixes: readonly string[]): FoundBy => ({
  ...found,
  toggles: [...fixes],
});

/**
 * The search that found the run on screen: its branch was opened from the explorer in this page,
 * with the toggles on now, and the run reports the invariant it was found for. Else null.
 */
export function foundOf(s: AppState = appStore.getState()): FoundBy | null {
  const found = s.branches[s.branch]?.found;
  if (!found || !s.result) return null;
  const same =
    found.toggles.length === s.fixes.length && found.toggles.every((f) => s.fixes.includes(f));
  if (!same || !s.result.violations.some((v) => v.invariant === found.invariant)) return null;
  return found;
}
