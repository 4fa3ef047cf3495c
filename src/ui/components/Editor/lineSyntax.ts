// The line syntax every part of the editor form shares: a line is its words, a word `key=value` is
// an option, and a line's error names the line and the options it allows. Values keep the JSON's
// shape — numbers, lists, booleans — or stay as written, for the validator to name what is wrong.

export type Json = Record<string, unknown>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
export const list = (v: unknown): string => (Array.isArray(v) ? v.map(str).join(',') : str(v));

/** The non-blank lines, numbered from 1, as their words. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l, i) => ({ n: i + 1, words: l.trim().split(/\s+/).filter(Boolean) }))
    .filter((l) => l.words.length > 0);

/** A line's `key=value` words, each key one of `allowed`. */
export function options(
  words: readonly string[],
  n: number,
  allowed: readonly string[],
): Parsed<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const w of words) {
    const eq = w.indexOf('=');
    const k = w.slice(0, eq);
    if (eq <= 0 || !allowed.includes(k))
      return {
        ok: false,
        error: `line ${n}: "${w}" — expected ${allowed.map((a) => `${a}=…`).join(', ')}`,
      };
    out[k] = w.slice(eq + 1);
  }
  return { ok: true, value: out };
}

export const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : s);
export const csv = (s: string) => s.split(',').filter(Boolean);
/** `true` / `false` as JSON booleans; anything else is kept as written, for the validator to name. */
export const bool = (s: string): boolean | string =>
  s === 'true' ? true : s === 'false' ? false : s;
