// The line syntax every part of the editor form shares: a line is its words, a word `key=value` is
// an option, and a line's error names the line and the options it allows. Values keep the JSON's
// shape — numbers, lists, booleans — or stay as written, for the validator to name what is wrong.
//
// A word with a space (or a `"`) is written in double quotes, as a JSON string: `send "M 1" p1`,
// `producerName="my app"`. The scenario refuses such a name ("letters, digits, …; no spaces"), but a
// JSON that holds one must still show in the form and read back as itself, and the validator,
// not the form, says what is wrong with it (UX review 18: "M 1" could not be typed at all; it read
// as the two words M and 1, and the error spoke of the next word).

export type Json = Record<string, unknown>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A string as one word: in quotes (a JSON string) when it is empty or holds a space or a `"`. */
export const word = (s: string): string => (s === '' || /[\s"]/.test(s) ? JSON.stringify(s) : s);
export const str = (v: unknown): string => (typeof v === 'string' ? word(v) : JSON.stringify(v));
/** A list as one word, its items joined by `,` (in quotes when it needs them; `` for none). */
export const list = (v: unknown): string => {
  if (!Array.isArray(v)) return str(v);
  const joined = v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(',');
  return joined === '' ? '' : word(joined);
};

export interface Line {
  readonly n: number;
  /** The line as typed, trimmed (a workload line may be a JSON object). */
  readonly text: string;
  readonly words: readonly string[];
  /** Set when a quote in it does not read (the words are then not to be used). */
  readonly error?: string;
}

/**
 * A line's words, split at spaces. A `"` that starts a word, or follows a word's first `=`, opens a
 * JSON string that runs to its closing quote (`\"` is a quote in it); a space must follow it.
 */
function splitWords(line: string): { words: string[] } | { error: string } {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i]!)) {
      i++;
      continue;
    }
    let w = '';
    while (i < line.length && !/\s/.test(line[i]!)) {
      const opens = line[i] === '"' && (w === '' || w.indexOf('=') === w.length - 1);
      if (!opens) {
        w += line[i++];
        continue;
      }
      const quoted = /^"(?:[^"\\]|\\.)*"/.exec(line.slice(i));
      if (!quoted)
        return {
          error: `the quote at column ${i + 1} is not closed (write \\" for a quote in it)`,
        };
      try {
        w += JSON.parse(quoted[0]) as string;
      } catch {
        return { error: `${quoted[0]} at column ${i + 1} is not a JSON string` };
      }
      i += quoted[0].length;
      if (i < line.length && !/\s/.test(line[i]!))
        return { error: `expected a space after the quoted ${quoted[0]} at column ${i + 1}` };
    }
    words.push(w);
  }
  return { words };
}

/**
 * The non-blank lines, numbered from 1, as their words. A line that is a JSON object (`{…}`) is
 * split at spaces only: its quotes are the JSON's.
 */
export const lines = (text: string): Line[] =>
  text
    .split('\n')
    .map((l, i): Line => {
      const trimmed = l.trim();
      const split = trimmed.startsWith('{') ? { words: trimmed.split(/\s+/) } : splitWords(trimmed);
      return 'error' in split
        ? { n: i + 1, text: trimmed, words: [], error: `line ${i + 1}: ${split.error}` }
        : { n: i + 1, text: trimmed, words: split.words };
    })
    .filter((l) => l.text !== '');

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
        error: `line ${n}: "${w}" — expected ${allowed.map((a) => `${a}=…`).join(', ')}${eq < 0 ? ` (a name with a space is one word in quotes: "M 1")` : ''}`,
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
