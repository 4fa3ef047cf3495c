// Share links: the recipe (never the state) in the URL fragment as `<version>.<payload>`, where the
// payload is the recipe's JSON, deflate-raw compressed with the native CompressionStream and
// base64url-encoded (toolchain.md §6: ~1 kB for a 50-step scenario). Pure and async; runs in
// Node 20 (tests, fuzz) and browsers alike. Decoding never throws: every way a link can be broken
// comes back as a `ShareError` that says what is wrong and how to recover (style.md §14).
import { fromBase64Url, toBase64Url } from './base64url';
import { deflateRaw, InflateError, inflateRaw } from './deflate';
import type { ShareRecipe } from './recipe';
import { fromWire, toWire } from './wire';

// Where the app, the tests and the fuzz properties import the recipe and base64url from.
export type { SharedScenario, ShareRecipe } from './recipe';
export { fromBase64Url, toBase64Url } from './base64url';

export type ShareErrorKind = 'empty' | 'unknown-version' | 'not-base64' | 'truncated' | 'corrupt';

export interface ShareError {
  readonly kind: ShareErrorKind;
  readonly message: string;
  readonly advice: string;
}

export type DecodeResult =
  | { readonly ok: true; readonly recipe: ShareRecipe; readonly version: number }
  | { readonly ok: false; readonly error: ShareError };

export const SHARE_VERSION = 1;
/** A decompressed recipe larger than this is refused (a hostile link must not eat the memory). */
export const MAX_RECIPE_BYTES = 4 * 1024 * 1024;

/**
 * Upgrades from older payloads to the current recipe, by the version they were written with.
 * Each entry turns version n's decoded JSON into version n+1's; v1 is the first version, so the
 * list is empty. A new version adds its migration here and a test pinning a real old link.
 */
export const MIGRATIONS: readonly {
  readonly from: number;
  readonly migrate: (v: unknown) => unknown;
}[] = [];

const SUPPORTED = new Set([SHARE_VERSION, ...MIGRATIONS.map((m) => m.from)]);

// ---------- encode / decode ----------

/** `1.<base64url(deflate-raw(JSON))>`: what follows `#s=` (or `#embed=`). */
export async function encodeRecipe(recipe: ShareRecipe): Promise<string> {
  const json = JSON.stringify(toWire(recipe));
  const packed = await deflateRaw(new TextEncoder().encode(json));
  return `${SHARE_VERSION}.${toBase64Url(packed)}`;
}

export const RECOVER =
  'If you copied it by hand, copy the whole address again. Otherwise ask whoever shared it for a new link, or open Dedup Lab without it and rebuild the run.';

function fail(kind: ShareErrorKind, message: string, advice = RECOVER): DecodeResult {
  return { ok: false, error: { kind, message, advice } };
}

/** Never throws: a broken link comes back as an error that says what is wrong and what to do. */
export async function decodeRecipe(text: string): Promise<DecodeResult> {
  try {
    return await decodeUnsafe(typeof text === 'string' ? text : '');
  } catch (e) {
    return fail(
      'corrupt',
      `the link could not be read (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
}

const TRUNCATED =
  'the link is incomplete: its data ends before the recipe does. It was probably cut off when it was copied (long links often are).';

const DAMAGED =
  'the link is damaged: some of its characters were changed, so it does not unpack to a recipe. A mail program or chat may have altered it, or it was edited by hand.';

async function decodeUnsafe(text: string): Promise<DecodeResult> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty', 'the link carries no recipe: nothing follows "#s=".');
  const dot = trimmed.indexOf('.');
  const tag = dot < 0 ? trimmed : trimmed.slice(0, dot);
  if (dot < 0 || !/^\d{1,6}$/.test(tag))
    return fail('corrupt', 'the link does not start with a version number and a dot (like "1.").');
  const version = Number(tag);
  if (!SUPPORTED.has(version)) {
    const newer = version > SHARE_VERSION;
    return fail(
      'unknown-version',
      `the link was made with share format version ${version}; this Dedup Lab reads ${SUPPORTED.size === 1 ? 'version' : 'versions'} ${[...SUPPORTED].sort().join(', ')}.`,
      newer
        ? 'It was probably made by a newer Dedup Lab: open it there (reload this page to get the latest), or ask for the scenario JSON instead.'
        : RECOVER,
    );
  }
  const data = trimmed.slice(dot + 1);
  const bytes = fromBase64Url(data);
  // Only share-link characters, one too many for whole bytes: the link was cut, not changed.
  if (!bytes && /^[A-Za-z0-9_-]*$/.test(data)) return fail('truncated', TRUNCATED);
  if (!bytes)
    return fail(
      'not-base64',
      'the link contains characters a share link never has (or was cut at an odd place): a mail program or chat may have changed it.',
    );
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(
      await inflateRaw(bytes, MAX_RECIPE_BYTES),
    );
  } catch (e) {
    if (e instanceof RangeError)
      return fail('corrupt', `the recipe would be larger than ${MAX_RECIPE_BYTES} bytes.`);
    // Cut off, or changed: a link with characters swapped is not "incomplete" (review 9); bytes
    // that inflate but are not UTF-8 were changed too.
    if (e instanceof InflateError && e.cutShort) return fail('truncated', TRUNCATED);
    return fail('corrupt', DAMAGED);
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return fail('corrupt', 'the link decompresses, but not to a recipe (not JSON).');
  }
  for (const m of MIGRATIONS) if (m.from >= version) value = m.migrate(value);
  const recipe = fromWire(value);
  if (typeof recipe === 'string')
    return fail('corrupt', `the link's recipe is not valid: ${recipe}.`);
  return { ok: true, recipe, version };
}
