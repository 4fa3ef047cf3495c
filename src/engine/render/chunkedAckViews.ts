// The chunk ids behind a consumer's acknowledgements, as the Subscriptions panel names them
// ("M1 (chunks 10:0, 10:1)"). Pulsar keeps a chunked message's chunk ids together from the moment
// the consumer assembled it (`ConsumerImpl.unAckedChunkedMessageIdSequenceMap`): one CommandAck
// carries them all, a negative ack holds them all, the ack timeout names them all. The panel lists
// positions; without this a reader saw "10:0, 10:1" and could not tell one message from two.
// Pure: a subscription's state in, views out; absent when no chunked message is involved.
import type { Subscription } from '../model/bookkeeper';
import type { Position } from '../model/topic';
import type { ChunkedMessageView } from './storageViews';
import { pos } from '../protocol/ConsumerAcks';
import { cmpPos } from '../protocol/PersistentReplicator';

/** The chunk the consumer received at `p` (its latest receipt there), with its message's uuid. */
function chunkAt(s: Subscription, p: Position): { uuid: string; msg: string } | undefined {
  const r = [...s.received].reverse().find((x) => cmpPos(x.position, p) === 0);
  const m = r?.msgs.find((x) => x.chunk !== undefined);
  return r && m ? { uuid: `${r.producerName}-${m.seq}`, msg: m.msg } : undefined;
}

/** `positions` grouped by the chunked message they belong to (`producerName-sequenceId`), in order. */
function byMessage(s: Subscription, positions: readonly Position[], min: number) {
  const groups = new Map<string, { msg: string; chunks: Position[] }>();
  for (const p of positions) {
    const c = chunkAt(s, p);
    if (!c) continue;
    const g = groups.get(c.uuid) ?? { msg: c.msg, chunks: [] };
    g.chunks.push(p);
    groups.set(c.uuid, g);
  }
  return [...groups.values()]
    .filter((g) => g.chunks.length >= min)
    .map((g) => ({ msg: g.msg, chunks: g.chunks.sort(cmpPos).map(pos) }));
}

/**
 * The chunked messages whose chunks the consumer's acknowledgements name together: a CommandAck on
 * its way, the NegativeAcksTracker, and (ackTimeout) the map the tracker's id stands for.
 */
export function chunkedMessagesOf(s: Subscription): ChunkedMessageView[] | undefined {
  const a = s.acked;
  if (!a) return undefined;
  const out: ChunkedMessageView[] = [
    ...a.inFlight.flatMap((f) => byMessage(s, f.positions, 2)),
    ...byMessage(s, a.nack?.held ?? [], 2),
    ...Object.values(a.nack?.chunkIds ?? {}).flatMap((ids) => byMessage(s, ids, 1)),
  ];
  const seen = new Set<string>();
  const unique = out.filter((v) => {
    const k = `${v.msg} ${v.chunks.join(',')}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  return unique.length > 0 ? unique : undefined;
}

/** The chunks whose CommandAck waits until their message is whole (`AckState.chunkAcks`). */
export function heldChunksOf(s: Subscription): ChunkedMessageView[] | undefined {
  const held = s.acked?.chunkAcks ?? [];
  const views = byMessage(
    s,
    held.map((c) => c.position),
    1,
  );
  return views.length > 0 ? views : undefined;
}
