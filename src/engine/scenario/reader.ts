// A tiny field-precise reader for untrusted JSON: every problem is collected with its JSON path
// and what was expected, and nothing throws. The scenario validator is written with it.
import { NAME, NAME_HOLDS, RESERVED_NAMES } from './names';

export interface ValidationError {
  /** JSON path, e.g. `$.producers[0].client`. */
  readonly path: string;
  /** What was expected and what was found. */
  readonly message: string;
}

export class Reader {
  readonly errors: ValidationError[] = [];

  fail(path: string, expected: string, got?: unknown): void {
    const found = got === undefined ? 'nothing' : describe(got);
    this.errors.push({ path, message: `expected ${expected}, got ${found}` });
  }

  obj(v: unknown, path: string): Record<string, unknown> | null {
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return v as Record<string, unknown>;
    this.fail(path, 'an object', v);
    return null;
  }

  arr(v: unknown, path: string): unknown[] | null {
    if (Array.isArray(v)) return v;
    this.fail(path, 'an array', v);
    return null;
  }

  str(v: unknown, path: string, pattern?: RegExp, what = 'a string'): string | null {
    if (typeof v === 'string' && v.length > 0 && (!pattern || pattern.test(v))) return v;
    // `__proto__`, `__defineGetter__`, … already fail NAME's first character; say why all the same.
    const reserved =
      pattern === NAME &&
      typeof v === 'string' &&
      (RESERVED_NAMES.includes(v) || Object.hasOwn(Object.prototype, v));
    // A name the pattern refuses says what a name may hold: `expected a message id, got "M 1"`
    // left the user to guess that the space was the trouble (UX review 15, finding 7).
    const holds =
      pattern === NAME && typeof v === 'string' && v.length > 0 ? ` (${NAME_HOLDS})` : '';
    this.fail(
      path,
      reserved
        ? `${what} other than "${v}" (every JavaScript object has a member of that name, so the model cannot key by it)`
        : `${what}${holds}`,
      v,
    );
    return null;
  }

  int(v: unknown, path: string, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    // The upper end is said when there is one, or when the value passed the largest exact integer.
    const top = max < Number.MAX_SAFE_INTEGER || (typeof v === 'number' && v > max);
    this.fail(path, `an integer from ${min}${top ? ` to ${max}` : ''}`, v);
    return null;
  }

  bool(v: unknown, path: string): boolean | null {
    if (typeof v === 'boolean') return v;
    this.fail(path, 'true or false', v);
    return null;
  }

  oneOf<T extends string>(v: unknown, path: string, options: readonly T[]): T | null {
    if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
    this.fail(
      path,
      options.length > 0
        ? `one of ${options.map((o) => JSON.stringify(o)).join(' | ')}`
        : 'a name the scenario declares, but it declares none that fits here',
      v,
    );
    const near = typeof v === 'string' ? nearest(v, options) : null;
    if (near !== null)
      this.errors[this.errors.length - 1] = {
        path,
        message: `${this.errors[this.errors.length - 1]!.message} — did you mean "${near}"?`,
      };
    return null;
  }

  /** An optional choice: absent, its default; otherwise one of `options` (or reported, and the default). */
  oneOfOr<T extends string>(v: unknown, path: string, options: readonly T[], absent: T): T {
    return v === undefined ? absent : (this.oneOf(v, path, options) ?? absent);
  }

  /** Report keys the format does not know (a typo should not pass silently, and is named when it is one). */
  known(o: Record<string, unknown>, path: string, keys: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (keys.includes(k)) continue;
      const near = nearest(k, keys);
      this.errors.push({
        path: `${path}.${k}`,
        message: `unknown field; expected one of ${keys.join(', ')}${near === null ? '' : ` — did you mean "${near}"?`}`,
      });
    }
  }
}

/**
 * The one option a typo most likely meant: the closest by edit distance (case ignored), if it is
 * close — at most 1 edit for a short word, 2 for a longer one, or the same letters in another case —
 * and no other option is as close. Null when nothing is, so a wrong word is never "corrected".
 */
export function nearest(word: string, options: readonly string[]): string | null {
  const w = word.toLowerCase();
  let best: string | null = null;
  let bestD = Infinity;
  let tie = false;
  for (const o of options) {
    const d = editDistance(w, o.toLowerCase());
    if (d < bestD) [best, bestD, tie] = [o, d, false];
    else if (d === bestD) tie = true;
  }
  const limit = Math.min(word.length, best?.length ?? 0) <= 4 ? 1 : 2;
  return best !== null && !tie && bestD <= limit && best !== word ? best : null;
}

/** Levenshtein distance with transpositions counted as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * A name the reader refused, as the file wrote it (a non-empty string), or `placeholder`: the
 * fields that refer to it then match it, so the one error is at the name — a placeholder such as
 * `cluster-0` would show up in their errors as a name the file never wrote.
 */
export const asWritten = (v: unknown, placeholder: string): string =>
  typeof v === 'string' && v.length > 0 ? v : placeholder;

/** `o[k]` if `o` has it as its own key: never a member every object has (`constructor`, …). */
export const own = <T>(o: Readonly<Record<string, T>>, k: string): T | undefined =>
  Object.hasOwn(o, k) ? o[k] : undefined;

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  // JSON gives no function or undefined, but the reader must not throw on whatever it is handed. A
  // number is written as the caller wrote it: JSON.stringify writes NaN and ±Infinity as "null"
  // (a scenario built in code, not read from JSON text, read "got null" for a size of NaN — review
  // 15), and throws on a BigInt.
  const s =
    typeof v === 'string'
      ? JSON.stringify(v)
      : typeof v === 'bigint'
        ? `${v}n`
        : typeof v === 'number'
          ? String(v)
          : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
