// How the scenario is run and judged, beside the world it describes: the fixes on, the schedule
// (or `auto`), the explorer's bounds, and what a correct model is expected to show.
import type { Config } from '../model/config';
import { EXPLORE_FAULT_KINDS } from '../model/faultScope';
import { FIX_IDS, type FixId } from '../model/fixes';
import {
  DEFAULT_MAX_STATES,
  MAX_EXPLORE_DEPTH,
  MAX_EXPLORE_FAULTS,
  MAX_EXPLORE_STATES,
} from '../explore/bounds';
import { SAFETY_INVARIANTS } from '../check/invariants';
import type { Reader } from './reader';

export function readFixes(r: Reader, v: unknown, extra: readonly string[]): FixId[] {
  const raw = [...(v === undefined ? [] : (r.arr(v, '$.fixes') ?? [])), ...extra];
  const out: FixId[] = [];
  raw.forEach((f, i) => {
    const path = i < raw.length - extra.length ? `$.fixes[${i}]` : `--fix ${String(f)}`;
    const id = r.oneOf(f, path, FIX_IDS);
    if (id && !out.includes(id)) out.push(id);
  });
  return out;
}

export function readSchedule(r: Reader, v: unknown): 'auto' | string[] {
  if (v === undefined || v === 'auto') return 'auto';
  // The contract allows two forms; naming only the array read as if "auto" were not one of them.
  if (!Array.isArray(v)) {
    r.fail('$.schedule', '"auto" or an array of action keys', v);
    return 'auto';
  }
  const raw: unknown[] = v;
  return raw.map((k, i) => r.str(k, `$.schedule[${i}]`, undefined, 'an action key') ?? '');
}

export function readExplore(r: Reader, v: unknown): Config['explore'] {
  if (v === undefined) return null;
  const o = r.obj(v, '$.explore') ?? {};
  r.known(o, '$.explore', ['faults', 'maxDepth', 'maxStates']);
  const f = o.faults === undefined ? {} : (r.obj(o.faults, '$.explore.faults') ?? {});
  // A typo here (`kind`, `maxFaults`) silently left the search with no fault or one.
  r.known(f, '$.explore.faults', ['kinds', 'max']);
  const kinds = (f.kinds === undefined ? [] : (r.arr(f.kinds, '$.explore.faults.kinds') ?? [])).map(
    (k, i) => r.oneOf(k, `$.explore.faults.kinds[${i}]`, EXPLORE_FAULT_KINDS) ?? 'disconnect',
  );
  return {
    kinds,
    max:
      f.max === undefined ? 1 : (r.int(f.max, '$.explore.faults.max', 0, MAX_EXPLORE_FAULTS) ?? 1),
    maxDepth:
      o.maxDepth === undefined
        ? 80
        : (r.int(o.maxDepth, '$.explore.maxDepth', 1, MAX_EXPLORE_DEPTH) ?? 80),
    maxStates:
      o.maxStates === undefined
        ? DEFAULT_MAX_STATES
        : (r.int(o.maxStates, '$.explore.maxStates', 1, MAX_EXPLORE_STATES) ?? 1),
  };
}

/** `expect`: the invariants a correct model violates, and per cluster the stored list. */
export function readExpect(r: Reader, v: unknown, clusters: readonly string[]): void {
  if (v === undefined) return;
  const o = r.obj(v, '$.expect');
  if (!o) return;
  r.known(o, '$.expect', ['violations', 'stored']);
  if (o.violations !== undefined)
    (r.arr(o.violations, '$.expect.violations') ?? []).forEach((x, i) =>
      r.oneOf(x, `$.expect.violations[${i}]`, [...SAFETY_INVARIANTS, 'replication-progress']),
    );
  if (o.stored === undefined) return;
  for (const [c, list] of Object.entries(r.obj(o.stored, '$.expect.stored') ?? {})) {
    if (!clusters.includes(c))
      r.fail(`$.expect.stored.${c}`, `a cluster name (${clusters.join(', ')})`, c);
    (r.arr(list, `$.expect.stored.${c}`) ?? []).forEach((m, i) =>
      r.str(m, `$.expect.stored.${c}[${i}]`, undefined, 'a message id or a position'),
    );
  }
}
