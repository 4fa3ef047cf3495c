// `no-duplicates`: what deduplication promises a topic with it on — no message stored twice, by the
// key its dedup judges it on. Its own file: it reads the dedup cursor and the chunk assembly, and
// says how a second copy got through (duplicateCause.ts).
import { replicationLinks } from '../model/config';
import { replicationDedup } from '../model/fixes';
import type { StoredEntry } from '../model/topic';
import type { World } from '../model/world';
import { readableOrTrimmed } from '../protocol/ManagedLedger';
import { afterDedupCursor } from '../protocol/MessageDeduplicationReplayCursor';
import { chunkAssembler } from '../protocol/ConsumerImplChunks';
import { whyStoredAgain } from './duplicateCause';
import type { Finding } from './invariants';

/**
 * `no-duplicates`: on a topic with deduplication on, no (producer name, sequence id) is stored
 * twice (the later copy written since deduplication was last switched on — after its dedup cursor — and
 * accepted while its policy was on, not `StoredEntry.unchecked`), and no message of a replicated source entry (its position and its index in the entry's
 * batch) is stored twice — among the entries a reader reaches (an add the bookies refused or never
 * confirmed is not stored). Each copy is judged by what the remote's dedup keys it on: a V2 link's
 * by source position, a V1 link's by its original producer name and sequence id (review 19).
 */
export function noDuplicates(w: World): Finding[] {
  const out: Finding[] = [];
  const links = replicationLinks(w.config);
  for (const topic of Object.values(w.topics)) {
    if (!topic.dedup.enabled) continue;
    const v1From = new Set(
      links
        .filter((l) => l.cfg.to === topic.cluster && replicationDedup(w.config, l.cfg) === 'v1')
        .map((l) => l.cfg.from),
    );
    const seen = new Map<string, { msg: string; where: string; entry: StoredEntry }>();
    // A chunked message is one message to a reader: it counts once its chunks assemble (a chunk
    // stored twice — a resent non-last chunk PR 20948 writes unchecked — is discarded by the
    // consumer, `ConsumerImpl.processMessageChunk`); a second complete copy is a duplicate.
    const assemble = chunkAssembler(topic.chunkConsumer);
    // A copy a trim deleted was delivered to every subscription first: a later copy still counts.
    for (const e of readableOrTrimmed(topic)) {
      for (const [i, m] of e.msgs.entries()) {
        if (m.chunk && !assemble(e.producerName, m)) continue;
        // A V1 link's copies are deduplicated as a normal producer's, by the original producer name and
        // sequence id their metadata carries (`isDuplicateReplV1` → `isDuplicateNormal`): judged so.
        const src =
          m.sourcePosition && !v1From.has(e.replicatedFrom ?? '') ? m.sourcePosition : undefined;
        // The messages of one batched source entry share its position: each is told by its index.
        const batch = e.msgs.length > 1 ? `#${i}` : '';
        const id = src
          ? `source ${src.ledgerId}:${src.entryId}${batch}`
          : `${e.producerName}:${m.seq}`;
        const where = `${e.ledgerId}:${e.entryId}`;
        const first = seen.get(id);
        if (first === undefined) {
          seen.set(id, { msg: m.msg, where, entry: e });
          continue;
        }
        // A second copy written before the dedup cursor (deduplication switched on at runtime after
        // it) was written while the broker deduplicated nothing: only copies since the switch count.
        if (!afterDedupCursor(topic.dedup, e)) continue;
        // A copy whose send was accepted while deduplication was off (review 21 x05): `isDuplicate`
        // never judged it, so it breaks no promise of dedup's even when its write completes after a
        // switch on. It still counts as a first copy: a checked send that repeats it is judged.
        if (e.unchecked) continue;
        const what = src ? `replicated from ${id}` : `${e.producerName}, seq ${m.seq}`;
        // How the second copy got through, when the state tells (duplicateCause.ts).
        const why = whyStoredAgain(topic, first.entry, e, src !== undefined);
        out.push({
          invariant: 'no-duplicates',
          key: `no-duplicates:${topic.cluster}:${id}`,
          messages: first.msg === m.msg ? [m.msg] : [first.msg, m.msg],
          // Two different messages under one id are still two copies of what dedup would drop: say which.
          detail:
            first.msg === m.msg
              ? `${m.msg} (${what}) is stored twice at ${topic.cluster}: ${first.where} and ${where}${why}`
              : `${what} is stored twice at ${topic.cluster}: ${first.msg} at ${first.where} and ${m.msg} at ${where}${why}`,
        });
      }
    }
  }
  return out;
}
