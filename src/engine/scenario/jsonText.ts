// Scenario text → JSON, with a syntax error a person can act on. `JSON.parse` decides what is valid;
// this file only explains a failure: the JavaScript engine's own message differs between engines and
// versions (V8 in Node 20 says `Unexpected token ']', ..."p1" }, ],... is not valid JSON` with no
// position for a trailing comma inside an array), so a small scanner of the JSON grammar (RFC 8259)
// finds where a strict parser stops and names what it found there and what JSON expects. It is
// iterative (a file nested 100,000 deep is scanned like a flat one) and linear in the text.

/** U+FEFF, which Windows editors write at the head of a UTF-8 file; RFC 8259 §8.1 lets a parser ignore it. */
const BOM = '\uFEFF';

/** A leading byte order mark is not the scenario's: it is dropped before parsing (CLI and editor alike). */
export const stripBom = (text: string): string => (text.startsWith(BOM) ? text.slice(1) : text);

/** Parse scenario text: the JSON value, or a syntax error ending with `(line L, column C)`. */
export function parseJsonText(
  text: string,
): { ok: true; json: unknown } | { ok: false; error: string } {
  const body = stripBom(text);
  try {
    return { ok: true, json: JSON.parse(body) as unknown };
  } catch (e) {
    return { ok: false, error: jsonSyntaxError(e, body) };
  }
}

/**
 * A JSON syntax error in words a person can act on, ending with `(line L, column C)` (1-based; the
 * editor moves its cursor there): what the scanner found where the parse stops, else the engine's
 * message with the position it names. Shared by the editor and the CLI.
 */
export function jsonSyntaxError(e: unknown, text: string): string {
  const found = findJsonSyntaxError(text);
  if (found) return `${found.problem} ${where(text, found.offset)}`;
  const message = e instanceof Error ? e.message : String(e);
  const m = /at position (\d+)/.exec(message);
  return m ? `${message} ${where(text, Number(m[1]))}` : message;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/** The error's own place, last in the message: `(line L, column C)`. */
function where(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `(line ${line}, column ${column})`;
}

/** Another place named inside a message (where a bracket or string was opened), worded apart from the error's own. */
function opened(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `opened on line ${line} at column ${column}`;
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;

/** The identifier-like word at `i` (`true`, `NaN`, an unquoted name), or null. */
function wordAt(text: string, i: number): string | null {
  WORD.lastIndex = i;
  return WORD.exec(text)?.[0] ?? null;
}

function shown(text: string, i: number): string {
  if (i >= text.length) return 'the end of the text';
  const word = wordAt(text, i);
  if (word) return `"${word.length > 20 ? `${word.slice(0, 20)}…` : word}"`;
  const c = text[i]!;
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0xfeff
    ? `the character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${c}'`;
}

/** Where a strict JSON parser stops in `text`, and why; null when the text is valid JSON. */
export function findJsonSyntaxError(text: string): { offset: number; problem: string } | null {
  /** Open containers: the bracket, and where it was opened. */
  const stack: { c: '{' | '['; at: number }[] = [];
  let i = 0;
  /** What comes next: a value, an object key, the colon after a key, or what follows a value. */
  let want: 'value' | 'key' | 'first-key' | 'first-value' | 'colon' | 'after' = 'value';
  let afterComma = false;
  const fail = (offset: number, problem: string) => ({ offset, problem });
  const skip = (): { offset: number; problem: string } | null => {
    while (i < text.length && WS.has(text[i]!)) i++;
    if (text[i] === '/' && (text[i + 1] === '/' || text[i + 1] === '*'))
      return fail(
        i,
        "a comment: JSON has no comments (the jsonc of the format's documentation is annotation); remove it",
      );
    return null;
  };
  for (;;) {
    const bad = skip();
    if (bad) return bad;
    const top = stack[stack.length - 1];
    if (i >= text.length) {
      if (top)
        return fail(
          i,
          `the text ends inside the ${top.c === '{' ? "object '{'" : "array '['"} ${opened(text, top.at)}: a '${top.c === '{' ? '}' : ']'}' is missing`,
        );
      if (want === 'after') return null;
      return fail(
        i,
        text.trim() === ''
          ? 'the text is empty; expected a JSON object'
          : 'the text ends where JSON expects a value',
      );
    }
    const c = text[i]!;
    if (want === 'after') {
      if (!top) return fail(i, `unexpected ${shown(text, i)} after the end of the JSON value`);
      const close = top.c === '{' ? '}' : ']';
      if (c === ',') {
        i++;
        afterComma = true;
        want = top.c === '{' ? 'key' : 'value';
        continue;
      }
      if (c === close) {
        stack.pop();
        i++;
        want = 'after';
        continue;
      }
      if (c === '"' || c === '{' || c === '[' || /[-\d]/.test(c) || wordAt(text, i) !== null)
        return fail(
          i,
          `a missing ',' before ${shown(text, i)}: JSON separates ${top.c === '{' ? "an object's members" : "an array's items"} with commas`,
        );
      return fail(i, `unexpected ${shown(text, i)}; expected ',' or '${close}'`);
    }
    if (want === 'colon') {
      if (c !== ':')
        return fail(i, `unexpected ${shown(text, i)}; expected ':' after the property name`);
      i++;
      want = 'value';
      afterComma = false;
      continue;
    }
    if ((want === 'first-key' && c === '}') || (want === 'first-value' && c === ']')) {
      stack.pop();
      i++;
      want = 'after';
      continue;
    }
    if (afterComma && top && (c === '}' || c === ']'))
      return fail(
        i,
        `a trailing comma before '${c}': JSON allows no comma after the last ${top.c === '{' ? 'member' : 'item'}; remove it`,
      );
    if (want === 'key' || want === 'first-key') {
      if (c === '"') {
        const s = scanString(text, i);
        if ('problem' in s) return s;
        i = s.end;
        want = 'colon';
        continue;
      }
      if (c === "'")
        return fail(i, 'a single-quoted property name: JSON strings use double quotes');
      if (wordAt(text, i) !== null)
        return fail(
          i,
          `the property name ${shown(text, i)} without quotes: JSON property names are strings in double quotes`,
        );
      return fail(
        i,
        `unexpected ${shown(text, i)}; expected a property name in double quotes${want === 'first-key' ? " or '}'" : ''}`,
      );
    }
    // A value.
    afterComma = false;
    if (c === '{' || c === '[') {
      stack.push({ c, at: i });
      i++;
      want = c === '{' ? 'first-key' : 'first-value';
      continue;
    }
    if (c === '"') {
      const s = scanString(text, i);
      if ('problem' in s) return s;
      i = s.end;
      want = 'after';
      continue;
    }
    if (c === "'") return fail(i, 'a single-quoted string: JSON strings use double quotes');
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      const end = m ? i + m[0].length : i;
      if (!m || /[\w.+-]/.test(text[end] ?? ''))
        return fail(
          i,
          `a number JSON cannot read at ${shown(text, i)}: write digits with an optional '-', '.' and exponent (no leading zeros, hex, or NaN)`,
        );
      i = end;
      want = 'after';
      continue;
    }
    const word = wordAt(text, i);
    if (word !== null && ['true', 'false', 'null'].includes(word)) {
      i += word.length;
      want = 'after';
      continue;
    }
    return fail(
      i,
      `unexpected ${shown(text, i)}; expected a value (an object, array, string in double quotes, number, true, false or null)`,
    );
  }
}

/** A string from its opening quote: its end (after the closing quote), or why it is not one. */
function scanString(
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
