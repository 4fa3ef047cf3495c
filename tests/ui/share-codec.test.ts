// @vitest-environment node
// Share links: the codec (versioned, deflate-raw + base64url, never throws), a pinned real v1
// link that every future version must keep decoding, and opening a link through the store.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  decodeRecipe,
  encodeRecipe,
  fromBase64Url,
  MIGRATIONS,
  SHARE_VERSION,
  toBase64Url,
  type ShareRecipe,
} from '../../src/ui/share/codec';
import { checkOf, divergence, hashText } from '../../src/ui/share/verify';
import { appStore, setRunner } from '../../src/ui/store';
import { openLink, recipeFromState, shareStore } from '../../src/ui/share/sync';
import { directRunner } from '../../src/worker/handle';

/** A real link made by version 1 (seed-000-checksum-corrupted at its loss step, step 27). */
const PINNED_V1 =
  '1.Pc1basJAGAbQvXzPExhjbO08tolRkdQq1AaRYmb-SSS3Zi6kRdx7KQUXcDhXfEMcTwwa4nhFfekUBGRFsra-DciY3oChJWvPJUEgmYJBNt46MhDwNhjJOjA0vTw3z15rMi-9Mf7LkYJwxtPtxGD_FwkRPjIUELBEKuCcB_dM3hlD9VepsZu_78IYDA4CWd_wh-1Ep2_ptJ4sLlnRpuvqZyPHebEsOr5cWOKRXT8l7WH2MYvzfSGHYdj3pY7r6HO33ZTRq_a5DLNVvkrUiNsv';

const recipe: ShareRecipe = {
  scenario: { builtin: 'seed-000-checksum-corrupted' },
  fixes: ['guard-rewind'],
  faults: [{ kind: 'lose-receipt', message: 'M2' }],
  schedule: ['a:b', 'c:d'],
  step: 2,
  check: { at: 'abcdefghi', trail: 'abcdef' },
};

describe('share codec', () => {
  it('round-trips a recipe exactly, with a version tag and URL-safe characters only', async () => {
    const link = await encodeRecipe(recipe);
    expect(link).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(await decodeRecipe(link)).toEqual({ ok: true, recipe, version: 1 });
    const edited = {
      ...recipe,
      scenario: { json: { id: 'x', title: '<b>é ✓</b>', n: [1, 2.5, null] } },
    };
    expect(await decodeRecipe(await encodeRecipe(edited))).toEqual({
      ok: true,
      recipe: edited,
      version: 1,
    });
  });

  it('base64url round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('a+b/')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
  });

  it('pinned v1 link: still decodes to the same recipe', async () => {
    const decoded = await decodeRecipe(PINNED_V1);
    expect(decoded.ok && decoded.recipe).toMatchObject({
      scenario: { builtin: 'seed-000-checksum-corrupted' },
      fixes: [],
      faults: [
        { kind: 'checksum-error', message: 'E3', cluster: 'us-west', localBufferCorrupted: true },
      ],
      schedule: [],
      step: 27,
    });
    expect(decoded.ok && decoded.recipe.check?.trail).toHaveLength(27 * 3);
  });

  it('migrations: every one is exercised by a pinned link (none yet: v1 is the first version)', () => {
    expect(SHARE_VERSION).toBe(1);
    expect(MIGRATIONS.map((m) => m.from)).toEqual([]);
  });

  it.each([
    ['', 'empty'],
    ['1', 'corrupt'],
    ['x.abc', 'corrupt'],
    ['9.abc', 'unknown-version'],
    ['1.a+b', 'not-base64'],
    ['1.<script>', 'not-base64'],
    [PINNED_V1.slice(0, 80), 'truncated'],
    // Cut one character past whole bytes (length % 4 === 1): cut, not changed on the way.
    [PINNED_V1.slice(0, 2 + 4 * 15 + 1), 'truncated'],
    // Bytes deflate never writes: changed, not cut (review 9; it read "incomplete").
    ['1.' + toBase64Url(new TextEncoder().encode('not deflate at all')), 'corrupt'],
    // Four characters changed in the middle, the length kept: damaged, not cut.
    [PINNED_V1.slice(0, 30) + 'QQQQ' + PINNED_V1.slice(34), 'corrupt'],
  ])('%j → %s, with a message and advice', async (link, kind) => {
    const r = await decodeRecipe(link);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe(kind);
    expect(r.error.message.length).toBeGreaterThan(10);
    if (kind === 'truncated') expect(r.error.message).toMatch(/incomplete.*cut off/);
    if (link.startsWith(PINNED_V1.slice(0, 30) + 'QQQQ'))
      expect(r.error.message).toMatch(/^the link is damaged: .*characters were changed/);
    expect(r.error.advice.length).toBeGreaterThan(10);
  });

  it('a link of another version names the one version read ("reads version 1.")', async () => {
    const r = await decodeRecipe('9.abc');
    expect(!r.ok && r.error.message).toBe(
      'the link was made with share format version 9; this Dedup Lab reads version 1.',
    );
  });

  it('a valid payload of the wrong shape is reported, not thrown', async () => {
    const raw = async (v: unknown) => {
      const s = new CompressionStream('deflate-raw');
      const bytes = new Uint8Array(
        await new Response(new Blob([JSON.stringify(v)]).stream().pipeThrough(s)).arrayBuffer(),
      );
      return decodeRecipe('1.' + toBase64Url(bytes));
    };
    for (const v of [
      null,
      [],
      { b: 'x' },
      { b: 'x', x: [], f: [{}], s: [], c: 0 },
      { b: 'x', x: [], f: [], s: [], c: -1 },
      { b: 'x', j: {}, x: [], f: [], s: [], c: 0 },
    ]) {
      const r = await raw(v);
      expect(r).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
    }
  });

  it('hashes are stable and the divergence names the first step that differs', async () => {
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).not.toBe(hashText('abd'));
    setRunner(directRunner);
    const { selectScenario } = await import('../../src/ui/store');
    await selectScenario('seed-000-checksum-corrupted');
    const result = appStore.getState().result!;
    const check = checkOf(result, 27);
    expect(divergence(result, 27, check)).toBeNull();
    expect(
      divergence(result, 27, {
        ...check,
        trail: check.trail.slice(0, 12) + 'zzz' + check.trail.slice(15),
      }),
    ).toBe(5);
    expect(divergence(result, 27, { ...check, at: 'nope' })).toBe(27);
  });
});

describe('opening a link through the store', () => {
  beforeEach(() => {
    setRunner(directRunner);
    shareStore.setState({ broken: null, notice: null, mode: 'app' });
  });

  it('the pinned v1 link lands on step 27 with the loss', async () => {
    await openLink(PINNED_V1, 'app');
    const s = appStore.getState();
    expect(s.scenarioId).toBe('seed-000-checksum-corrupted');
    expect(s.cursor).toBe(27);
    expect(s.result?.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['no-silent-loss', 27],
    ]);
  });

  it('a fresh link of a forked, fixed run replays and verifies', async () => {
    const { pickAction, selectScenario, toggleFix } = await import('../../src/ui/store');
    await selectScenario('geo-v2-clean');
    await toggleFix('guard-rewind');
    const other = appStore.getState().result!.steps[0]!.enabled[1]!;
    await pickAction(other);
    const before = appStore.getState();
    const r = recipeFromState(before)!;
    expect(r.schedule).toEqual([other]);
    const link = await encodeRecipe(r);
    await selectScenario('seed-003-a-go');
    await openLink(link, 'app');
    const after = appStore.getState();
    expect(after.cursor).toBe(before.cursor);
    expect(after.fixes).toEqual(['guard-rewind']);
    expect(after.result?.steps.map((x) => x.key)).toEqual(before.result?.steps.map((x) => x.key));
    expect(shareStore.getState().notice).toMatchObject({ ok: true });
  });

  it('a link whose choice is no longer possible says at which step and opens what it can', async () => {
    const link = await encodeRecipe({
      scenario: { builtin: 'seed-003-a-go' },
      fixes: [],
      faults: [],
      schedule: ['no:such:key'],
      step: 3,
      check: { at: 'x', trail: 'aaabbbccc' },
    });
    await openLink(link, 'app');
    expect(appStore.getState().status).toBe('ready');
    expect(shareStore.getState().notice?.text).toMatch(
      /diverges at step 1 \(the recipe's choice for step 1 is no longer possible\)/,
    );
  });

  it('an edited scenario travels in full; a broken one shows its validation errors', async () => {
    const { builtinById } = await import('../../src/scenarios');
    const json = { ...builtinById('seed-003-a-go')!, title: 'Edited' };
    await openLink(
      await encodeRecipe({ scenario: { json }, fixes: [], faults: [], schedule: [], step: 0 }),
      'app',
    );
    expect(appStore.getState().custom).toMatchObject({ title: 'Edited' });
    expect(recipeFromState(appStore.getState())?.scenario).toEqual({ json });
    await openLink(
      await encodeRecipe({
        scenario: { json: { ...json, producers: 'p1' } },
        fixes: [],
        faults: [],
        schedule: [],
        step: 0,
      }),
      'app',
    );
    expect(appStore.getState().status).toBe('error');
    expect(appStore.getState().errors[0]?.path).toBe('$.producers');
  });

  it('a broken link sets the broken state', async () => {
    await openLink('1.abc', 'app');
    expect(shareStore.getState().broken?.kind).toBe('truncated');
  });
});
