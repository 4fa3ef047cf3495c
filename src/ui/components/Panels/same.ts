// Panels get fresh view-model objects every step (engine/render/panels is pure and builds them
// anew), so React's default memo (same object) would never skip one. Most steps change one or two
// panels: comparing the plain data is far cheaper than rendering a panel (the topic's ledger may
// list hundreds of entries) and diffing it. Output is a function of the props, so a panel whose
// props are equal in value renders what it rendered: it can never show another step.
import { memo, type ComponentType } from 'react';

/** Deep equality of plain data (primitives, arrays, plain objects); functions by identity. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/** A component that re-renders only when its props change in value (see sameData). */
export function memoByValue<P extends object>(component: ComponentType<P>) {
  return memo(component, (prev, next) => sameData(prev, next));
}
