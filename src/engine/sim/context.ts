// What a protocol handler works with: the step's draft of the world (./draft.ts) and the events it
// records, and small helpers every protocol file shares.
import type { SimEvent } from '../model/events';
import type { MsgRef } from '../model/producer';
import type { World } from '../model/world';

// Reading a draft's object without copying it, for handlers that only ask (./copyOnRead.ts).
export { peek } from './copyOnRead';

export interface Ctx {
  /** The step's copy-on-read draft of the world (`draftWorld`): protocol handlers mutate it in place. */
  readonly w: World;
  readonly events: SimEvent[];
}

export function tick(w: World): number {
  w.tick += 1;
  return w.tick;
}

/** `M0+M1`: the ids of a batch, for keys and labels. */
/** `M1`, a batch `M1+M2`, a chunk `M1[1/3]` (chunk_id 0 of num_chunks_from_msg 3). */
export const labelOf = (msgs: readonly MsgRef[]): string =>
  msgs.map((m) => (m.chunk ? `${m.msg}[${m.chunk.id + 1}/${m.chunk.of}]` : m.msg)).join('+');

export const idsOf = (msgs: readonly MsgRef[]): string[] => msgs.map((m) => m.msg);

/** `lowest..highest` or just `seq`, as a CommandSend shows it. */
export function seqText(sequenceId: number, highestSequenceId: number): string {
  return highestSequenceId > sequenceId
    ? `seq ${sequenceId}..${highestSequenceId}`
    : `seq ${sequenceId}`;
}

export const positionText = (ledgerId: number, entryId: number): string => `${ledgerId}:${entryId}`;

/** The diagram participant of a cluster's storage. */
export const ledgerActor = (cluster: string): string => `${cluster}-ledger`;
