// The mutable draft a step works on, and small helpers every protocol file shares.
import type { SimEvent } from '../model/events';
import type { MsgRef, World } from '../model/world';

export interface Ctx {
  /** A private deep copy of the world: protocol handlers mutate it in place. */
  readonly w: World;
  readonly events: SimEvent[];
}

export function tick(w: World): number {
  w.tick += 1;
  return w.tick;
}

/** `M0+M1`: the ids of a batch, for keys and labels. */
export const labelOf = (msgs: readonly MsgRef[]): string => msgs.map((m) => m.msg).join('+');

export const idsOf = (msgs: readonly MsgRef[]): string[] => msgs.map((m) => m.msg);

/** `lowest..highest` or just `seq`, as a CommandSend shows it. */
export function seqText(sequenceId: number, highestSequenceId: number): string {
  return highestSequenceId > sequenceId ? `seq ${sequenceId}..${highestSequenceId}` : `seq ${sequenceId}`;
}

export const positionText = (ledgerId: number, entryId: number): string => `${ledgerId}:${entryId}`;

/** The diagram participant of a cluster's storage. */
export const ledgerActor = (cluster: string): string => `${cluster}-ledger`;

/**
 * Deep copy of plain data. The world is JSON-shaped (no Maps, no cycles); `config` is static and
 * shared by reference, so it is not copied.
 */
export function cloneWorld(w: World): World {
  const { config, ...rest } = w;
  return { config, ...(structuredCloneLite(rest) as Omit<World, 'config'>) };
}

function structuredCloneLite(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const arr = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const x: unknown = v[i];
      arr[i] = x !== null && typeof x === 'object' && !Object.isFrozen(x) ? structuredCloneLite(x) : x;
    }
    return arr;
  }
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // for…in over own enumerable keys (the world is plain data, no prototypes with enumerable keys).
  for (const k in o) {
    const x = o[k];
    out[k] = x !== null && typeof x === 'object' && !Object.isFrozen(x) ? structuredCloneLite(x) : x;
  }
  return out;
}
