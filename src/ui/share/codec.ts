// Share links: the recipe (never the state) in the URL fragment as `<version>.<payload>`, where the
// payload is the recipe's JSON, deflate-raw compressed with the native CompressionStream and
// base64url-encoded (toolchain.md §6: ~1 kB for a 50-step scenario). Pure and async; runs in
// Node 20 (tests, fuzz) and browsers alike. Decoding never throws: every way a link can be broken
// comes back as a `ShareError` that says what is wrong and how to recover (style.md §14).

/** The scenario a recipe runs: a built-in by id (unmodified), or the full JSON (edited). */
export type SharedScenario = { readonly builtin: string } | { readonly json: unknown };

export interface ShareRecipe {
  readonly scenario: SharedScenario;
  /** Fix ids toggled on in the UI (added to the scenario's own). */
  readonly fixes: readonly string[];
  /** The whole fault plan, in the scenario format's JSON shape. */
  readonly faults: readonly Readonly<Record<string, unknown>>[];
  /** The choices: action keys of steps 1..n, then `auto`. */
  readonly schedule: readonly string[];
  /** The step on screen. */
  readonly step: number;
  /**
   * The `explore` block the branch runs with (a counterexample opened with the explorer panel's
   * bounds: its placed faults are enabled actions only under it). Kept apart from the scenario, so
   * a built-in opened this way is still the built-in, not an edited copy.
   */
  readonly explore?: Readonly<Record<string, unknown>>;
  /**
   * What the state looked like when the link was made, to verify a replay: `at` is a hash of the
   * state at `step`, `trail` three characters per step 1..step (so a divergence names its step).
   */
  readonly check?: { readonly at: string; readonly trail: string };
}

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

// ---------- base64url ----------

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** null when the text is not base64url (a character no encoder writes, or an impossible length). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// ---------- deflate-raw ----------

async function pump(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new RangeError(`more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function through(
  data: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  // Errors surface on the readable side too; the writer's promises are only kept from rejecting unhandled.
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  return pump(transform.readable, limit);
}

export const deflateRaw = (data: Uint8Array) =>
  through(data, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
export const inflateRaw = (data: Uint8Array, limit = MAX_RECIPE_BYTES) =>
  through(data, new DecompressionStream('deflate-raw'), limit);

// ---------- the recipe on the wire (v1) ----------

/** v1's JSON: short keys, since every byte is in someone's address bar. */
interface WireV1 {
  b?: string;
  j?: unknown;
  x: readonly string[];
  f: readonly Readonly<Record<string, unknown>>[];
  s: readonly string[];
  c: number;
  h?: string;
  t?: string;
  /** The branch's explore block, when it has one (absent in older links: optional, no new version). */
  e?: Readonly<Record<string, unknown>>;
}

function toWire(r: ShareRecipe): WireV1 {
  const w: WireV1 = { x: r.fixes, f: r.faults, s: r.schedule, c: r.step };
  if ('builtin' in r.scenario) w.b = r.scenario.builtin;
  else w.j = r.scenario.json;
  if (r.check) {
    w.h = r.check.at;
    w.t = r.check.trail;
  }
  if (r.explore !== undefined) w.e = r.explore;
  return w;
}

const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The recipe in a v1 payload, or what is wrong with it (a path and what was expected). */
function fromWire(v: unknown): ShareRecipe | string {
  if (!isObject(v)) return 'the recipe is not an object';
  const hasB = typeof v.b === 'string';
  if (hasB === 'j' in v) return 'the recipe needs either a built-in id (b) or a scenario (j)';
  if (!isStrings(v.x)) return 'fixes (x) must be a list of strings';
  if (!Array.isArray(v.f) || !v.f.every((f) => isObject(f) && typeof f.kind === 'string'))
    return 'faults (f) must be a list of objects with a kind';
  if (!isStrings(v.s)) return 'the schedule (s) must be a list of action keys';
  if (typeof v.c !== 'number' || !Number.isSafeInteger(v.c) || v.c < 0)
    return 'the step (c) must be a whole number ≥ 0';
  if (
    (v.h === undefined) !== (v.t === undefined) ||
    (v.h !== undefined && (typeof v.h !== 'string' || typeof v.t !== 'string'))
  )
    return 'the check (h, t) must be two strings';
  if (v.e !== undefined && !isObject(v.e)) return 'the explore block (e) must be an object';
  const scenario: SharedScenario = hasB ? { builtin: v.b as string } : { json: v.j };
  const recipe: ShareRecipe = {
    scenario,
    fixes: v.x,
    faults: v.f as Record<string, unknown>[],
    schedule: v.s,
    step: v.c,
    ...(isObject(v.e) ? { explore: v.e } : {}),
  };
  return typeof v.h === 'string' ? { ...recipe, check: { at: v.h, trail: v.t as string } } : recipe;
}

// ---------- encode / decode ----------

/** `1.<base64url(deflate-raw(JSON))>`: what follows `#s=` (or `#embed=`). */
export async function encodeRecipe(recipe: ShareRecipe): Promise<string> {
  const json = JSON.stringify(toWire(recipe));
  const packed = await deflateRaw(new TextEncoder().encode(json));
  return `${SHARE_VERSION}.${toBase64Url(packed)}`;
}

const RECOVER =
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
    json = new TextDecoder('utf-8', { fatal: true }).decode(await inflateRaw(bytes));
  } catch (e) {
    if (e instanceof RangeError)
      return fail('corrupt', `the recipe would be larger than ${MAX_RECIPE_BYTES} bytes.`);
    return fail('truncated', TRUNCATED);
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
