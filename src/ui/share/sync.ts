// The address bar follows the screen: after every run and step the fragment is rewritten
// (history.replaceState, no history entries) to the recipe on screen, so copying the address is
// sharing. Opening a page with `#s=` or `#embed=` decodes it, replays it, and verifies the replay.
import { appStore, start } from '../store';
import { encodeRecipe } from './codec';
import { fragment, isOwnFragment, parseHash, recipeFromState, writeFragment } from './address';
import { openLink } from './openLink';
import { shareStore } from './shareStore';

// Where the app and the tests import the share links' parts from.
export { linkFor, parseHash, recipeFromState } from './address';
export { openLink } from './openLink';
export { BROKEN_TITLES, shareStore, useShare, type ShareState, type ViewMode } from './shareStore';

/** Steps closer together than this are a burst (a held key repeats every ~33 ms). */
const BURST_MS = 250;
let pending = 0;

/** Keeps the fragment equal to the recipe on screen. Returns the unsubscribe function. */
export function followScreen(): () => void {
  const write = async () => {
    const s = appStore.getState();
    if (s.status !== 'ready' || shareStore.getState().broken) return;
    const mine = ++pending;
    const r = recipeFromState(s);
    if (!r) return;
    const payload = await encodeRecipe(r);
    if (mine !== pending) return;
    const hash = fragment(shareStore.getState().mode, payload);
    if (hash === location.hash) return;
    writeFragment(hash);
  };
  // A step never writes in its own task or frame: replaceState alone costs Chromium 2–5 ms (more
  // than the step's React work), and encoding the recipe more. A step alone (End, a click, a key
  // press) is written right after its frame is painted; a burst of steps (keys held or pressed
  // quickly, playback) once it settles, BURST_MS after its last step, so a held key does not pay
  // a rewrite per step. A new run, fix or branch is written at once.
  let lastStep = -Infinity;
  let scheduled: { readonly cancel: () => void } | null = null;
  const writeLater = (burst: boolean) => {
    scheduled?.cancel();
    const go = () => {
      scheduled = null;
      void write();
    };
    if (burst || typeof requestAnimationFrame !== 'function') {
      const t = setTimeout(go, burst ? BURST_MS : 0);
      scheduled = { cancel: () => clearTimeout(t) };
      return;
    }
    let t: ReturnType<typeof setTimeout> | undefined;
    const f = requestAnimationFrame(() => (t = setTimeout(go, 0)));
    scheduled = {
      cancel: () => {
        cancelAnimationFrame(f);
        clearTimeout(t);
      },
    };
  };
  const unsubscribe = appStore.subscribe((s, prev) => {
    if (s.status !== 'ready') return;
    if (
      s.result !== prev.result ||
      s.fixes !== prev.fixes ||
      s.branch !== prev.branch ||
      s.status !== prev.status
    ) {
      scheduled?.cancel();
      scheduled = null;
      void write();
    } else if (s.cursor !== prev.cursor) {
      const now = performance.now();
      writeLater(now - lastStep <= BURST_MS);
      lastStep = now;
    }
  });
  const onHash = () => {
    if (isOwnFragment(location.hash)) return;
    const link = parseHash(location.hash);
    if (link) void openLink(link.payload, link.mode, true);
  };
  window.addEventListener('hashchange', onHash);
  return () => {
    unsubscribe();
    scheduled?.cancel();
    window.removeEventListener('hashchange', onHash);
  };
}

/** The app's first load: a link in the address opens that run, otherwise the default scenario. */
export function startFromLocation(): Promise<void> {
  followScreen();
  const link = parseHash(location.hash);
  return link ? openLink(link.payload, link.mode) : start();
}
