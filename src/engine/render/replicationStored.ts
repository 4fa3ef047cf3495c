// What each cluster of a replication stores, as the panels and Copy for GitHub count it: a message
// counts once a reader could assemble it, and a target lacks a source's message only if the source
// sent it there. Shared by the replication panel's strip (replication.ts) and the topic panel's
// "missing here" line (topicPanel.ts). Pure: world in.
import { replicationLinks } from '../model/config';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import type { World } from '../model/world';
import { chunkAssembler } from '../protocol/ConsumerImplChunks';
import { posText } from '../protocol/PersistentReplicator';
import { excludedBySender } from '../protocol/PersistentReplicatorRead';

/**
 * Messages stored at a cluster (pre-run entries have none). A chunked message counts once its
 * chunks assemble (`chunkAssembler`, as a consumer and the invariants read it): us-west holding
 * only M1[1/2] does not store M1 — counted, the strip flagged no LOST beside no-silent-loss, and
 * Copy for GitHub's state said "every message stored at us-east is here too" (UX review 13).
 */
export function storedIds(t: TopicState | undefined): Set<string> {
  const assemble = chunkAssembler(t?.chunkConsumer);
  return new Set(
    t?.ledgers.flatMap((l) =>
      l.entries.flatMap((e) =>
        e.msgs.filter((m) => !m.chunk || assemble(e.producerName, m, e)).map((m) => m.msg),
      ),
    ) ?? [],
  );
}

/**
 * For each chunk entry of a source whose message assembles there, the positions of that message's
 * chunks (by position text). A chunk of a message that never assembles at the source is nobody's
 * to lose: the invariants owe it to no remote.
 */
export function chunkSetsOf(
  entries: readonly StoredEntry[],
  rules: TopicState['chunkConsumer'],
): Map<string, readonly Position[]> {
  const out = new Map<string, readonly Position[]>();
  const assemble = chunkAssembler(rules);
  for (const e of entries) {
    const m = e.msgs.length === 1 ? e.msgs[0]! : undefined;
    const set = m?.chunk ? assemble(e.producerName, m, e) : null;
    if (set) for (const at of set) out.set(posText(at), set);
  }
  return out;
}

/** Messages the replication source stores that `cluster` (the target) does not. */
export function missingFromSource(
  w: World,
  cluster: string,
): { from: string; msgs: string[] } | null {
  // With several links into this cluster: the first whose source stores something it lacks (else the first).
  const into = replicationLinks(w.config)
    .filter((l) => l.cfg.to === cluster)
    .map((l) => linkMissing(w, l.cfg.from, cluster));
  return into.find((m) => m.msgs.length > 0) ?? into[0] ?? null;
}

function linkMissing(w: World, from: string, cluster: string): { from: string; msgs: string[] } {
  const here = storedIds(w.topics[cluster]);
  const source = w.topics[from]?.ledgers.flatMap((l) => l.entries) ?? [];
  // A message whose replicate_to leaves this cluster out is not missing here: it was never sent for it.
  const sets = chunkSetsOf(source, w.topics[from]?.chunkConsumer);
  const msgs = source
    .flatMap((e) =>
      e.replicatedFrom
        ? []
        : e.msgs
            .filter((m) => !excludedBySender(m, cluster) && (!m.chunk || sets.has(posText(e))))
            .map((m) => m.msg),
    )
    .filter((m) => !here.has(m));
  return { from, msgs: [...new Set(msgs)] };
}
