// A small scanner of the JSON grammar (RFC 8259) that finds where a strict parser stops in a text
// `JSON.parse` refused, and names what it found there and what JSON expects (jsonText.ts words the
// error). Iterative, with an explicit stack of open containers, so a file nested 100,000 deep is
// scanned like a flat one, and linear in the text.
import { opened, scanNumber, scanString, shown, wordAt, WS } from './jsonTokens';

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
      const n = scanNumber(text, i);
      if ('problem' in n) return n;
      i = n.end;
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
