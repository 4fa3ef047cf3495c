// A link's check: hashes of the state fingerprints along the trace, so that opening a link can
// tell whether the engine still replays the recipe into the same states, and if not, from which
// step on (Spectacle's `chooseNextState` idea, with fingerprints rather than indices).
import type { RunResult } from '../../engine';
import { fingerprint } from '../../engine/explore/fingerprint';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Characters per step in the trail (18 bits: a divergence goes unnoticed at 1 step in 262,144). */
export const TRAIL_CHARS = 3;
/** Steps beyond this are not in the trail (only the final hash checks them); keeps links short. */
export const TRAIL_MAX_STEPS = 400;

/** cyrb53: a fast 53-bit string hash, as base64url characters. */
export function hashText(text: string, chars = 9): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  let n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  let out = '';
  for (let i = 0; i < chars; i++) {
    out += ALPHABET[n % 64];
    n = Math.floor(n / 64);
  }
  return out;
}

const cache = new WeakMap<RunResult, string[]>();

/** The hash of step i: the key that led there and the state it reached. Cached per result. */
function stepHash(result: RunResult, i: number): string {
  let hashes = cache.get(result);
  if (!hashes) cache.set(result, (hashes = []));
  const s = result.steps[i]!;
  return (hashes[i] ??= hashText(`${s.key ?? ''}\n${fingerprint(s.world)}`));
}

/** The check a link carries for the trace at `step`. */
export function checkOf(result: RunResult, step: number): { at: string; trail: string } {
  let trail = '';
  for (let i = 1; i <= Math.min(step, TRAIL_MAX_STEPS); i++)
    trail += stepHash(result, i).slice(0, TRAIL_CHARS);
  return { at: stepHash(result, step), trail };
}

/** null: the replay reached the same state. Otherwise the first step that differs (1-based). */
export function divergence(
  result: RunResult,
  step: number,
  check: { at: string; trail: string },
): number | null {
  const last = Math.min(step, result.steps.length - 1);
  const n = Math.min(last, TRAIL_MAX_STEPS);
  for (let i = 1; i <= n; i++) {
    if (
      stepHash(result, i).slice(0, TRAIL_CHARS) !==
      check.trail.slice((i - 1) * TRAIL_CHARS, i * TRAIL_CHARS)
    )
      return i;
  }
  if (last < step) return last + 1;
  return stepHash(result, step) === check.at ? null : Math.min(n + 1, step);
}
