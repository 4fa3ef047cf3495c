// Scenario text → JSON, with a syntax error a person can act on. `JSON.parse` decides what is valid;
// this file only explains a failure: the JavaScript engine's own message differs between engines and
// versions (V8 in Node 20 says `Unexpected token ']', ..."p1" }, ],... is not valid JSON` with no
// position for a trailing comma inside an array), so a small scanner of the JSON grammar
// (jsonSyntaxScanner.ts) finds where a strict parser stops and names what it found there and what
// JSON expects.
import { findJsonSyntaxError } from './jsonSyntaxScanner';
import { lineColumn } from './jsonTokens';

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

/** The error's own place, last in the message: `(line L, column C)`. */
function where(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `(line ${line}, column ${column})`;
}
