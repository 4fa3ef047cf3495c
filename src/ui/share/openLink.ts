// Opening a link: its recipe runs at its step, and the replay is checked against what the link's
// author saw (./openedNotice, ./verify). A link that cannot be decoded, or names a built-in this version lacks, is
// said in the share store's notice or its broken-link page.
import { builtinById } from '../../scenarios';
import { appStore, openRecipe, renameBranch, type FaultJson } from '../store';
import { showScreenInAddress } from './address';
import { decodeRecipe, RECOVER, type DecodeResult, type ShareRecipe } from './codec';
import { forkLabel, forkOf } from './fork';
import { foundFromLink } from './foundBy';
import { sayOpened } from './openedNotice';
import { shareStore, type ViewMode } from './shareStore';

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

/**
 * A link that ends at (or just before) the `=` of its fragment: nothing of the recipe arrived. It
 * was cut off where links are cut (a line break, a character limit), so it reads as incomplete,
 * like a link cut inside its recipe; the decoder alone cannot tell, as it never sees the fragment.
 */
const cutBeforeRecipe = (mode: ViewMode): DecodeResult => ({
  ok: false,
  error: {
    kind: 'truncated',
    message: `the link is incomplete: nothing follows "#${mode === 'embed' ? 'embed' : 's'}", where its recipe should be. It was probably cut off when it was copied (long links often are).`,
    advice: RECOVER,
  },
});

/**
 * Opens a decoded link: runs the recipe at its step, then says whether the replay matches. A link
 * that cannot be decoded shows the broken-link page, except `overRun` (a link pasted into the
 * address of a page that has a run open): that run stays, a notice says what was wrong with the
 * link, and the address shows the run again. (Review 7: a cut link pasted over an afternoon's run
 * replaced it with the broken-link page, whose only way on opened the default scenario; Back did
 * not bring the run back either.)
 */
export async function openLink(payload: string, mode: ViewMode, overRun = false): Promise<void> {
  const decoded = payload.trim() === '' ? cutBeforeRecipe(mode) : await decodeRecipe(payload);
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
    ...(r.found ? { found: foundFromLink(r.found, r.fixes) } : {}),
  });
  // A fork opens beside the scenario as written; its label says what it chose.
  const opened = appStore.getState();
  const fork = forkOf(opened);
  if (fork)
    renameBranch(opened.branch, forkLabel(fork, opened.branches[opened.branch]?.faults ?? []));
  sayOpened(r);
}
