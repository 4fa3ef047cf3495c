// A tiny field-precise reader for untrusted JSON: every problem is collected with its JSON path
// and what was expected, and nothing throws. The scenario validator is written with it.
import { NAME, RESERVED_NAMES } from './names';

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
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
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
    const reserved = pattern === NAME && typeof v === 'string' && (RESERVED_NAMES.includes(v) || Object.hasOwn(Object.prototype, v));
    this.fail(path, reserved ? `${what} other than "${v}" (every JavaScript object has a member of that name, so the model cannot key by it)` : what, v);
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
    this.fail(path, options.length > 0 ? `one of ${options.map((o) => JSON.stringify(o)).join(' | ')}` : 'a name the scenario declares, but it declares none that fits here', v);
    return null;
  }

  /** Report keys the format does not know (a typo should not pass silently). */
  known(o: Record<string, unknown>, path: string, keys: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (!keys.includes(k)) this.errors.push({ path: `${path}.${k}`, message: `unknown field; expected one of ${keys.join(', ')}` });
    }
  }
}

/**
 * A name the reader refused, as the file wrote it (a non-empty string), or `placeholder`: the
 * fields that refer to it then match it, so the one error is at the name — a placeholder such as
 * `cluster-0` would show up in their errors as a name the file never wrote.
 */
export const asWritten = (v: unknown, placeholder: string): string => (typeof v === 'string' && v.length > 0 ? v : placeholder);

/** `o[k]` if `o` has it as its own key: never a member every object has (`constructor`, …). */
export const own = <T>(o: Readonly<Record<string, T>>, k: string): T | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  // JSON gives no function or undefined, but the reader must not throw on whatever it is handed.
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
