// The pieces of JSON text the syntax scanner (jsonSyntaxScanner.ts) reads one at a time — a string,
// a number, a bare word — and the words that show a place or a character in an error. Kept apart
// from the scanner's loop so each stays a screen long; every function is linear in what it reads.

export const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

/** The identifier-like word at `i` (`true`, `NaN`, an unquoted name), or null. */
export function wordAt(text: string, i: number): string | null {
  WORD.lastIndex = i;
  return WORD.exec(text)?.[0] ?? null;
}

/** What an error says it found at `i`: a word, a quoted character, a control character's code, or the end. */
export function shown(text: string, i: number): string {
  if (i >= text.length) return 'the end of the text';
  const word = wordAt(text, i);
  if (word) return `"${word.length > 20 ? `${word.slice(0, 20)}…` : word}"`;
  const c = text[i]!;
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0xfeff
    ? `the character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${c}'`;
}

/** A number from its first character: its end, or why JSON cannot read it. */
export function scanNumber(
  text: string,
  start: number,
): { end: number } | { offset: number; problem: string } {
  NUMBER.lastIndex = start;
  const m = NUMBER.exec(text);
  const end = m ? start + m[0].length : start;
  if (!m || /[\w.+-]/.test(text[end] ?? ''))
    return {
      offset: start,
      problem: `a number JSON cannot read at ${shown(text, start)}: write digits with an optional '-', '.' and exponent (no leading zeros, hex, or NaN)`,
    };
  return { end };
}

/** A string from its opening quote: its end (after the closing quote), or why it is not one. */
export function scanString(
  text: string,
  start: number,
): { end: number } | { offset: number; problem: string } {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return { end: i + 1 };
    if (c === '\\') {
      const e = text[i + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          return { offset: i, problem: 'an escape \\u not followed by four hex digits' };
        i += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
      else
        return {
          offset: i,
          problem: `an invalid escape ${e === undefined ? '\\' : `'\\${e}'`} in a string: JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`,
        };
    } else if (c.charCodeAt(0) < 0x20)
      return {
        offset: i,
        problem: `${c === '\n' ? 'a line break' : `the control character U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`} inside a string: write it as an escape (\\n, \\t, \\u00XX), or close the string ${opened(text, start)}`,
      };
  }
  return { offset: start, problem: "a string that is never closed: it has no closing '\"'" };
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/** Another place named inside a message (where a bracket or string was opened), worded apart from the error's own. */
export function opened(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `opened on line ${line} at column ${column}`;
}
