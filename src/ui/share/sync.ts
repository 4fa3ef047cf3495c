// The address bar follows the screen: after every run and step the fragment is rewritten
// (history.replaceState, no history entries) to the recipe on screen, so copying the address is
// sharing. Opening a page with `#s=` or `#embed=` decodes it, replays it, and verifies the replay.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { builtinById } from '../../scenarios';
import { appStore, openRecipe, renameBranch, start, type AppState, type FaultJson } from '../store';
import {
  decodeRecipe,
  encodeRecipe,
  type ShareError,
  type ShareErrorKind,
  type ShareRecipe,
} from './codec';
import { forkLabel, forkOf } from './fork';
import { linkSummary } from './linkSummary';
import { checkOf, divergence } from './verify';

export type ViewMode = 'app' | 'embed';

export interface ShareState {
  readonly mode: ViewMode;
  /** The link could not be decoded: the page shows this instead of the app. */
  readonly broken: ShareError | null;
  /** What opening the link found (replayed exactly, or where it diverged). */
  readonly notice: {
    readonly ok: boolean;
    readonly text: string;
    /** A link that could not be opened over the run on screen: the notice offers no "step 0". */
    readonly kept?: boolean;
  } | null;
}

export const shareStore = createStore<ShareState>()(() => ({
  mode: 'app',
  broken: null,
  notice: null,
}));
export const useShare = <T>(sel: (s: ShareState) => T): T => useStore(shareStore, sel);

/** The recipe on screen, or null while there is no run to point at. */
export function recipeFromState(s: AppState, withCheck = true): ShareRecipe | null {
  const b = s.branches[s.branch];
  if (!s.result || !b) return null;
  const builtin = builtinById(s.scenarioId);
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
  };
}

/**
 * Links made before the explore block travelled apart carried a counterexample of a built-in as
 * that built-in's JSON with another `explore` block: that is the built-in plus the block.
 */
function builtinWithExplore(
  json: unknown,
): { readonly id: string; readonly explore: Readonly<Record<string, unknown>> } | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const { explore, ...rest } = json as Record<string, unknown>;
  const id = rest.id;
  if (typeof id !== 'string' || explore === null || typeof explore !== 'object') return null;
  const builtin = builtinById(id);
  if (!builtin) return null;
  const { explore: _own, ...builtinRest } = builtin;
  return JSON.stringify(builtinRest) === JSON.stringify(rest)
    ? { id, explore: explore as Record<string, unknown> }
    : null;
}

export function parseHash(hash: string): { mode: ViewMode; payload: string } | null {
  const m = /^#(s|embed)=(.*)$/s.exec(hash);
  if (!m) return null;
  let payload = m[2]!;
  try {
    payload = decodeURIComponent(payload);
  } catch {
    // leave it: the decoder reports what is wrong
  }
  return { mode: m[1] === 'embed' ? 'embed' : 'app', payload };
}

export async function linkFor(s: AppState, mode: ViewMode = 'app'): Promise<string | null> {
  const r = recipeFromState(s);
  if (!r) return null;
  const payload = await encodeRecipe(r);
  return `${location.origin}${location.pathname}#${mode === 'embed' ? 'embed' : 's'}=${payload}`;
}

/** What a link that cannot be decoded is, in the broken-link page's heading and in the notice. */
export const BROKEN_TITLES: Readonly<Record<ShareErrorKind, string>> = {
  empty: 'This link is empty',
  'unknown-version': 'This link is from another version of Dedup Lab',
  'not-base64': 'This link was changed on its way here',
  truncated: 'This link is incomplete',
  corrupt: 'This link cannot be read',
};

/** The fragment this page wrote last (a hashchange to it is our own). */
let lastWritten = '';

/** The address shows the run on screen again (after a link that could not be opened over it). */
async function showScreenInAddress(): Promise<void> {
  const r = recipeFromState(appStore.getState());
  if (!r) return;
  const hash = `#${shareStore.getState().mode === 'embed' ? 'embed' : 's'}=${await encodeRecipe(r)}`;
  lastWritten = hash;
  history.replaceState(history.state, '', hash);
}

/**
 * Opens a decoded link: runs the recipe at its step, then says whether the replay matches. A link
 * that cannot be decoded shows the broken-link page, except `overRun` (a link pasted into the
 * address of a page that has a run open): that run stays, a notice says what was wrong with the
 * link, and the address shows the run again. (Review 7: a cut link pasted over an afternoon's run
 * replaced it with the broken-link page, whose only way on opened the default scenario; Back did
 * not bring the run back either.)
 */
export async function openLink(payload: string, mode: ViewMode, overRun = false): Promise<void> {
  const decoded = await decodeRecipe(payload);
  if (!decoded.ok) {
    const keep =
      overRun && appStore.getState().result !== null && shareStore.getState().broken === null;
    if (!keep) {
      shareStore.setState({ mode, broken: decoded.error, notice: null });
      return;
    }
    const { kind, message, advice } = decoded.error;
    const again =
      kind === 'unknown-version'
        ? advice
        : 'Copy the whole link again, or ask whoever shared it for a new one.';
    shareStore.setState({
      notice: {
        ok: false,
        kept: true,
        text: `The link in the address was not opened. ${message.charAt(0).toUpperCase()}${message.slice(1)} The run you had open is still here, and the address shows it again. ${again}`,
      },
    });
    await showScreenInAddress();
    return;
  }
  shareStore.setState({ mode, broken: null, notice: null });
  const old =
    'json' in decoded.recipe.scenario && decoded.recipe.explore === undefined
      ? builtinWithExplore(decoded.recipe.scenario.json)
      : null;
  const r: ShareRecipe = old
    ? { ...decoded.recipe, scenario: { builtin: old.id }, explore: old.explore }
    : decoded.recipe;
  const custom = 'json' in r.scenario ? r.scenario.json : null;
  const scenarioId =
    'builtin' in r.scenario
      ? r.scenario.builtin
      : custom && typeof custom === 'object' && typeof (custom as { id?: unknown }).id === 'string'
        ? (custom as { id: string }).id
        : 'scenario';
  if ('builtin' in r.scenario && !builtinById(scenarioId)) {
    shareStore.setState({
      notice: {
        ok: false,
        text: `The link names the built-in scenario "${scenarioId}", which this version of Dedup Lab does not have. Pick a scenario above, or ask for the scenario JSON.`,
      },
    });
  }
  await openRecipe({
    scenarioId,
    custom:
      custom !== null && typeof custom === 'object' && !Array.isArray(custom)
        ? (custom as Record<string, unknown>)
        : custom === null
          ? null
          : { invalid: custom },
    fixes: r.fixes,
    schedule: r.schedule,
    faults: r.faults as FaultJson[],
    step: r.step,
    ...(r.explore !== undefined ? { explore: r.explore } : {}),
  });
  // A fork opens beside the scenario as written; its label says what it chose.
  const opened = appStore.getState();
  const fork = forkOf(opened);
  if (fork) renameBranch(opened.branch, forkLabel(fork));
  const s = appStore.getState();
  if (!s.result || !r.check) return;
  const shown = s.branches[s.branch]?.schedule.length ?? 0;
  const cut = shown < r.schedule.length;
  const at = divergence(s.result, r.step, r.check);
  if (at === null && s.cursor === r.step) {
    shareStore.setState({
      notice: {
        ok: true,
        text: `Opened from a link: replayed ${r.step} step${r.step === 1 ? '' : 's'} and verified the state. ${linkSummary(s)}.`,
      },
    });
    return;
  }
  const why = cut
    ? `the recipe's choice for step ${shown + 1} is no longer possible`
    : s.cursor < r.step
      ? `the run now ends at step ${s.cursor}`
      : 'the engine now reaches a different state';
  shareStore.setState({
    notice: {
      ok: false,
      text: `This link was made with a different version of the engine: the replay diverges at step ${at ?? r.step} (${why}). What could be replayed is shown; steps before ${at ?? r.step} are as the link's author saw them.`,
    },
  });
}

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
    const hash = `#${shareStore.getState().mode === 'embed' ? 'embed' : 's'}=${payload}`;
    if (hash === location.hash) return;
    lastWritten = hash;
    history.replaceState(history.state, '', hash);
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
    if (location.hash === lastWritten) return;
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
