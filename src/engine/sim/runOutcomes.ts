// What a run ends with beside its trace (RunResult's `stored` and `outcomes`): the messages a reader
// of each cluster's topic finds, and what each application send's callback was told — with a
// failed send its cluster stores all the same said so, since a retry of it stores it twice.
import type { Completion } from '../model/producer';
import type { World } from '../model/world';
import { chunkAssembler, chunkSpan } from '../protocol/ConsumerImplChunks';
import { readableOf, storedMessages } from '../protocol/ManagedLedger';

export function storedOf(w: World): Record<string, string[]> {
  return Object.fromEntries(
    w.config.clusters.map((c) => [c.name, storedMessages(w.topics[c.name]!)]),
  );
}

/**
 * One outcome per application send of each message, in send order. A failed send that its
 * cluster stores all the same (a send timeout while the broker had the frame; a restart with the
 * frame already on the wire) says so: the application was told "failed" about a stored message,
 * and a retry with a new sequence id stores it twice. That is Pulsar's contract for a failed send,
 * not a violation, so it is an outcome rather than an invariant.
 */
export function outcomesOf(w: World): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [msg, count] of Object.entries(w.sendsOf)) {
    out[msg] = Array.from({ length: count }, (_, i) => {
      const c = w.completions.find((x) => x.msg === msg && x.sendIndex === i);
      const at = c?.result === 'failed' ? storedAt(w, c.cluster, msg, i) : null;
      return `${callbackText(c)}${at === null ? '' : `, but stored at ${at}`}`;
    });
  }
  return out;
}

/**
 * What one send's callback told the application: `pending`, `stored at 10:1`, `completed -1:-1`
 * (a duplicate), `failed: TimeoutException`. The outcomes and the Messages panel's rows say it alike.
 */
export function callbackText(c: Completion | undefined): string {
  if (!c) return 'pending';
  if (c.result === 'failed') return `failed: ${c.error ?? 'error'}`;
  return c.result === 'dup' ? 'completed -1:-1' : `stored at ${c.ledgerId}:${c.entryId}`;
}

/**
 * Where a reader of `cluster`'s topic finds this very send (`sendIndex`) of `msg`, or null. A
 * chunked message is found only where its chunks assemble (`ConsumerImpl.processMessageChunk`, the
 * assembler `storedMessages` and the invariants use), from its first chunk to its last (`10:0–10:1`,
 * as `ChunkMessageIdImpl` spans them): a timed-out send whose first chunk alone was written is not
 * readable, so it is not "stored" (review 15: it read "but stored at 10:0" beside `stored: []`).
 */
function storedAt(w: World, cluster: string, msg: string, sendIndex: number): string | null {
  const topic = w.topics[cluster];
  if (!topic) return null;
  let assemble: ReturnType<typeof chunkAssembler> | null = null;
  for (const e of readableOf(topic)) {
    for (const m of e.msgs) {
      // Every chunk goes to the consumer, whoever sent it: its limit counts them all.
      const set = m.chunk
        ? (assemble ??= chunkAssembler(topic.chunkConsumer))(e.producerName, m, e)
        : null;
      if (e.replicatedFrom || m.msg !== msg || m.sendIndex !== sendIndex) continue;
      if (!m.chunk) return `${e.ledgerId}:${e.entryId}`;
      if (set) return chunkSpan(set);
    }
  }
  return null;
}
