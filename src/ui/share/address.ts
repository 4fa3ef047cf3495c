// The address bar's fragment: the recipe on screen as `#s=` (or `#embed=`) and a payload, read
// back by parseHash. The fragment this page wrote last is remembered, so the hashchange it causes
// is told apart from a link pasted into the address.
import { builtinById } from '../../scenarios';
import { appStore, type AppState } from '../store';
import { encodeRecipe, type ShareRecipe } from './codec';
import { foundOf, sharedFound } from './foundBy';
import { shareStore, type ViewMode } from './shareStore';
import { checkOf } from './verify';

/** The recipe on screen, or null while there is no run to point at. */
export function recipeFromState(s: AppState, withCheck = true): ShareRecipe | null {
  const b = s.branches[s.branch];
  if (!s.result || !b) return null;
  const builtin = builtinById(s.scenarioId);
  // How the explorer found it, while it is still that run (foundOf): its toggles are `fixes`.
  const found = foundOf(s);
  const unmodified =
    s.custom === null ||
    (builtin !== undefined && JSON.stringify(builtin) === JSON.stringify(s.custom));
  return {
    scenario: unmodified ? { builtin: s.scenarioId } : { json: s.custom },
    fixes: s.fixes,
    faults: b.faults,
    schedule: b.schedule,
    step: s.cursor,
    // A counterexample's branch runs with the explorer's `explore` block: it travels beside the
    // scenario, so the built-in stays the built-in (not "Edited") when the link is opened.
    ...(b.explore !== undefined ? { explore: b.explore } : {}),
    ...(withCheck ? { check: checkOf(s.result, s.cursor) } : {}),
    ...(found ? { found: sharedFound(found) } : {}),
  };
}

/**
 * The link in a fragment: `#s=…` or `#embed=…`. A fragment cut at or before its `=` (`#s`, `#s=`,
 * `#embed`, `#embed=`) is still ours, with an empty payload, so opening it says the link was cut
 * off (openLink) instead of quietly opening the default scenario (UX review 9). Any other fragment
 * is not a link of ours and is ignored without a word: pages and tools add anchors of their own
 * (`#readme`, `#top`, a heading's id), and a notice for each would call good addresses broken.
 */
export function parseHash(hash: string): { mode: ViewMode; payload: string } | null {
  const m = /^#(s|embed)(?:=(.*))?$/s.exec(hash);
  if (!m) return null;
  let payload = m[2] ?? '';
  try {
    payload = decodeURIComponent(payload);
  } catch {
    // leave it: the decoder reports what is wrong
  }
  return { mode: m[1] === 'embed' ? 'embed' : 'app', payload };
}

/** The fragment of a link to `payload` in `mode`. */
export const fragment = (mode: ViewMode, payload: string): string =>
  `#${mode === 'embed' ? 'embed' : 's'}=${payload}`;

export async function linkFor(s: AppState, mode: ViewMode = 'app'): Promise<string | null> {
  const r = recipeFromState(s);
  if (!r) return null;
  const payload = await encodeRecipe(r);
  return `${location.origin}${location.pathname}${fragment(mode, payload)}`;
}

/** The fragment this page wrote last (a hashchange to it is our own). */
let lastWritten = '';

/** Writes `hash` into the address without a history entry, remembered as this page's own. */
export function writeFragment(hash: string): void {
  lastWritten = hash;
  history.replaceState(history.state, '', hash);
}

/** The fragment is the one this page wrote last (its hashchange is not a link to open). */
export const isOwnFragment = (hash: string): boolean => hash === lastWritten;

/** The address shows the run on screen again (after a link that could not be opened over it). */
export async function showScreenInAddress(): Promise<void> {
  const r = recipeFromState(appStore.getState());
  if (!r) return;
  const mode = shareStore.getState().mode;
  writeFragment(fragment(mode, await encodeRecipe(r)));
}
