// A share link says how its run was found (session 26): UX review 24's finding 6 put "Found by the
// explorer: …" into Copy for GitHub from the search that opened the run, kept in the page's memory,
// so the same run opened from its link lost it. The recipe now carries the search in an optional
// part (`g`, share/foundWire.ts): the opened link says the same sentence in its notice and its Copy
// for GitHub repeats it. A link made before has no such part and opens exactly as it did; a part
// that cannot be read is left out with a notice that names it, and the run opens all the same.
// The run: review 26's x01 (seed 000's two entries under a ChecksumError) searched without a fix,
// then with guard-rewind; its no-silent-loss counterexample opened and shared at step 10 (the
// opening ux-review-24-left shares: ./x01Counterexample.tsx).
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkNotice } from '../../src/ui/components/Share';
import { toBase64Url } from '../../src/ui/share/base64url';
import { decodeRecipe, encodeRecipe } from '../../src/ui/share/codec';
import { deflateRaw } from '../../src/ui/share/deflate';
import { recipeFromState, shareStore } from '../../src/ui/share/sync';
import { fromWire, toWire } from '../../src/ui/share/wire';
import * as store from '../../src/ui/store';
import { copiedBy } from './shareBarCopy';
import { startOnDirectRunner } from './startApp';
import { openLinkAt, x01Opened, X01_FOUND as FOUND } from './x01Counterexample';

const state = () => store.appStore.getState();
const copyForGithub = () => copiedBy('Copy for GitHub');

/** x01's counterexample at step 10, shared by the main branch of Dedup Lab before session 26. */
const OLD_LINK =
  '1.pVPBbtswDP2Xd5YwO-nWQoeih6VYL-uKYRvQwAdFohMltmVIchws8L8PUpI2RoP10JtNPpLvPVJ77CDmWHbSae6oN41GwVBCzAsGH3PKNg2pIBy1lVEyWAcGR1KPI6XsqiDUitTGdzUn56wTs-ld53lPPgjTBKkCGDRVZkvurJrfLpzdkOMTMZueIU5RfvuKHSMu97gCQ0vOGx_EaXwK_r9xRFwU-3HGBYOCyDOGNcQepXW1DBDQpLuWV3LxyStqpDP2LgeD0RDoJl_4Lst56C2nJjhDnp_sBUMwoaL3YarqfCAXN7lHI-tU4jlJH3dx4JvWfKSeoxjYOTK6dxE5QTEUDMG2RkVRSUvSbGwTA6cxopSVJ_bSTATX0cBQkV6mlmfQ-T6Jj04dxUBMGWryXi7JvwCQbG-d1Z0iB4E2R-R9yF29zRVDMQyvUX848NOWjoxLZ-uRP8GOTEgSIbCdYGCgXVtZR6kwHn9SsjGNPjyb0UuIF1DLHUQ-pI-v1IYVxE0WSa0g8PjUb29-PeuHODWO-Pvtt1zXix_1s6prs5752b35fi37Pw-PTz0YPjg3_f0MMkRTrz9nWZYNwz8';

/** x01 explored without a fix, then with guard-rewind; the counterexample opened, at step 10. */
async function x01Shared(): Promise<string> {
  await x01Opened();
  act(() => store.setCursor(10));
  return encodeRecipe(recipeFromState(state())!);
}

/** Opens `payload` in a page that starts afresh (the default scenario, no search run). */
async function openInFreshPage(payload: string): Promise<void> {
  await startOnDirectRunner();
  await openLinkAt(payload, 10);
}

/** A payload with `g` as given (what a hand edit or a newer version could write). */
async function withG(g: unknown): Promise<string> {
  const decoded = await decodeRecipe(OLD_LINK);
  if (!decoded.ok) throw new Error(decoded.error.message);
  const json = JSON.stringify({ ...toWire(decoded.recipe), g });
  return `1.${toBase64Url(await deflateRaw(new TextEncoder().encode(json)))}`;
}

beforeEach(async () => {
  localStorage.clear();
  shareStore.setState({ mode: 'app', broken: null, notice: null });
  await startOnDirectRunner();
});
afterEach(() => vi.restoreAllMocks());

describe('a share link says how its run was found', () => {
  it('the link of a counterexample carries the search; opened afresh, the notice says the same sentence and Copy for GitHub repeats it', async () => {
    const link = await x01Shared();
    const decoded = await decodeRecipe(link);
    expect(decoded.ok && decoded.recipe.found).toEqual({
      invariant: 'no-silent-loss',
      states: 136,
      complete: true,
      fixes: ['guard-rewind'],
      beside: { open: true, fixes: [] },
    });
    await openInFreshPage(link);
    const notice = shareStore.getState().notice!;
    expect(notice.text).toMatch(/^Opened from a link: replayed 10 steps and verified the state\./);
    expect(notice.found).toBe(FOUND);
    render(<LinkNotice />);
    expect(screen.getByTestId('link-found')).toHaveTextContent(FOUND);
    const text = await copyForGithub();
    expect(text.split('\n')[0]).toMatch(
      /with guard-rewind, a fork\): no-silent-loss violated at step 11$/,
    );
    expect(text.split('\n')[2]).toBe(FOUND);
    // Shared again from the opened page: the same link, found part and all.
    expect(await encodeRecipe(recipeFromState(state())!)).toBe(link);
  });

  it('an old link (no found part) opens as it did: no sentence, and the page shares it back byte for byte', async () => {
    const decoded = await decodeRecipe(OLD_LINK);
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && Object.keys(decoded.recipe).sort()).toEqual([
      'check',
      'explore',
      'faults',
      'fixes',
      'scenario',
      'schedule',
      'step',
    ]);
    await openInFreshPage(OLD_LINK);
    const notice = shareStore.getState().notice!;
    expect(notice).toEqual({
      ok: true,
      text: expect.stringMatching(
        /^Opened from a link: replayed 10 steps and verified the state\. /,
      ),
    });
    expect(state().fixes).toEqual(['guard-rewind']);
    expect(await copyForGithub()).not.toContain('Found by');
    expect(await encodeRecipe(recipeFromState(state())!)).toBe(OLD_LINK);
  });

  it('the same search, shared after its fix was turned off, is not the run found: the link carries none', async () => {
    await x01Shared();
    await store.toggleFix('guard-rewind');
    const decoded = await decodeRecipe(await encodeRecipe(recipeFromState(state())!));
    expect(decoded.ok && decoded.recipe.found).toBeUndefined();
  });

  it('a garbled found part is left out with a notice naming it; the run opens and verifies all the same', async () => {
    const link = await withG({ i: 'no-silent-loss', n: -1, c: true, f: ['guard-rewind'] });
    await openInFreshPage(link);
    const notice = shareStore.getState().notice!;
    expect(notice.ok).toBe(true);
    expect(notice.text).toMatch(/^Opened from a link: replayed 10 steps and verified the state\./);
    expect(notice.found).toBeUndefined();
    expect(notice.ignored).toBe(
      "The link's note of how the explorer found this run was left out: g.n (the states searched) must be a whole number ≥ 0. The run itself is as the link describes it.",
    );
    render(<LinkNotice />);
    expect(screen.getByTestId('link-found-ignored')).toHaveTextContent('g.n (the states searched)');
    expect(await copyForGithub()).not.toContain('Found by');
  });

  it('every way a found part can be wrong is named, and never breaks the recipe', async () => {
    const decoded = await decodeRecipe(OLD_LINK);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const wire = toWire(decoded.recipe);
    const ok = { i: 'no-silent-loss', n: 136, c: true, f: [] };
    const cases: [unknown, string][] = [
      ['found', 'g must be an object'],
      [[ok], 'g must be an object'],
      [{ ...ok, z: 1 }, 'g has a part this version does not know (z)'],
      [
        { ...ok, i: '<img src=x onerror=alert(1)>' },
        'g.i (the invariant found) must be a name like no-silent-loss',
      ],
      [{ ...ok, n: 1.5 }, 'g.n (the states searched) must be a whole number ≥ 0'],
      [{ ...ok, c: 'yes' }, 'g.c (the search complete) must be true or false'],
      [
        { ...ok, r: 'max-states' },
        'g.r (why the search stopped) must be a name, and only for a search cut short',
      ],
      [
        { ...ok, f: ['guard-rewind', 7] },
        'g.f (the fixes on for the search) must be a list of fix ids',
      ],
      [
        { ...ok, b: { o: 1, f: [] } },
        'g.b (beside the search before) must be { o: true or false, f: a list of fix ids }',
      ],
      [{ ...ok, m: false }, 'g.m (a Compare fixes row) must be true if present'],
    ];
    for (const [g, why] of cases) {
      const r = fromWire({ ...wire, g });
      expect(typeof r === 'object' && r.foundIgnored, JSON.stringify(g)).toBe(why);
      expect(typeof r === 'object' && r.found).toBeFalsy();
      expect(typeof r === 'object' && r.schedule).toEqual(decoded.recipe.schedule);
    }
    // A search cut short says why, and a Compare fixes row says so: both read back as written.
    const cut = { i: 'no-silent-loss', n: 5000, c: false, r: 'max-states', f: [], m: true };
    const r = fromWire({ ...wire, g: cut });
    expect(typeof r === 'object' && r.found).toEqual({
      invariant: 'no-silent-loss',
      states: 5000,
      complete: false,
      stopReason: 'max-states',
      fixes: [],
      compare: true,
    });
  });
});
