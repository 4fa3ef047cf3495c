// Scenario text → JSON (src/engine/scenario/jsonText.ts, jsonSyntaxScanner.ts): JSON.parse decides, the scanner explains
// where a strict parser stops and why, with the same verdict on every text.
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/engine';
import { findJsonSyntaxError } from '../../src/engine/scenario/jsonSyntaxScanner';
import { parseJsonText } from '../../src/engine/scenario/jsonText';
import { BUILTINS } from '../../src/scenarios/index';

describe('jsonText', () => {
  it('agrees with JSON.parse on 6,000 mutated built-ins (valid ⇔ no error found)', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      '1',
      '-',
      '.',
      'e',
      'a',
      'true',
      'null',
      ' ',
      '\n',
      '/',
      '*',
      "'",
      '0',
      '\u0001',
    ];
    let invalid = 0;
    for (let k = 0; k < 6000; k++) {
      let t = JSON.stringify(BUILTINS[k % BUILTINS.length], null, 1);
      const p = Math.floor(rnd() * t.length);
      const piece = pieces[Math.floor(rnd() * pieces.length)]!;
      t =
        rnd() < 0.3
          ? t.slice(0, p) + t.slice(p + 1)
          : rnd() < 0.5
            ? t.slice(0, p) + piece + t.slice(p)
            : t.slice(0, p) + piece + t.slice(p + 1);
      let valid = true;
      try {
        JSON.parse(t);
      } catch {
        valid = false;
        invalid++;
      }
      expect(findJsonSyntaxError(t) === null, t.slice(Math.max(0, p - 40), p + 40)).toBe(valid);
    }
    expect(invalid).toBeGreaterThan(1500); // 1916: both verdicts are well represented
  });

  it('stops where V8 does on a trailing comma before "}" (the editor moves its cursor there)', () => {
    const t = '{\n  "id": "x",\n}';
    expect(() => JSON.parse(t)).toThrow(/at position 15/);
    expect(findJsonSyntaxError(t)).toEqual({
      offset: 15,
      problem: "a trailing comma before '}': JSON allows no comma after the last member; remove it",
    });
  });

  it('scans a 200,000-deep nesting without recursion', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(findJsonSyntaxError(deep)).toBeNull();
    expect(findJsonSyntaxError(deep.slice(0, -1))).toEqual({
      offset: 399_999,
      problem: "the text ends inside the array '[' opened on line 1 at column 1: a ']' is missing",
    });
  });

  it.each([
    ['{"a": 1} x', 'unexpected "x" after the end of the JSON value (line 1, column 10)'],
    [
      '{"a": NaN}',
      'unexpected "NaN"; expected a value (an object, array, string in double quotes, number, true, false or null) (line 1, column 7)',
    ],
    [
      '{"a": 01}',
      "a number JSON cannot read at '0': write digits with an optional '-', '.' and exponent (no leading zeros, hex, or NaN) (line 1, column 7)",
    ],
    [
      '{"a": "x\ny"}',
      'a line break inside a string: write it as an escape (\\n, \\t, \\u00XX), or close the string opened on line 1 at column 7 (line 1, column 9)',
    ],
    [
      '{"a": "\\q"}',
      "an invalid escape '\\q' in a string: JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX (line 1, column 8)",
    ],
    ['{"a": "abc', "a string that is never closed: it has no closing '\"' (line 1, column 7)"],
    [
      '{a: 1}',
      'the property name "a" without quotes: JSON property names are strings in double quotes (line 1, column 2)',
    ],
    ['{"a" 1}', "unexpected '1'; expected ':' after the property name (line 1, column 6)"],
    [
      '[1 2]',
      "a missing ',' before '2': JSON separates an array's items with commas (line 1, column 4)",
    ],
  ])('%j → %s', (t, error) => {
    expect(parseJsonText(t)).toEqual({ ok: false, error });
  });

  it('a leading byte order mark is dropped: the editor and the CLI load the file as without it', () => {
    const s = JSON.stringify({
      format: 'dedup-lab/scenario@1',
      id: 'bom',
      producers: [{ name: 'p1' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });
    expect(parseJsonText(`\uFEFF${s}`)).toEqual({ ok: true, json: JSON.parse(s) });
    expect(parseScenarioText(`\uFEFF${s}`)).toEqual(parseScenarioText(s));
    expect(parseScenarioText(`\uFEFF${s}`).ok).toBe(true);
  });
});
