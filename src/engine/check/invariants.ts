// Invariants: pure predicates over the world, beside the protocol (never inside it). Each finding
// has a key, so a run reports it once, at the first step where it holds.
// The replicator's half of no-silent-loss is replicatedButMissing.ts, no-duplicates noDuplicates.ts.
import type { World } from '../model/world';
import { readableOf, storedOrTrimmed } from '../protocol/ManagedLedger';
import { excludedBySender } from '../protocol/PersistentReplicatorRead';
import { consumerDrops } from '../protocol/ConsumerImplChunks';
import { ledgerInvariants } from './ledger';
import { noDuplicates } from './noDuplicates';
import { receivedOnce } from './received';
import { replicatedButMissing } from './replicatedButMissing';

export type InvariantId =
  | 'no-silent-loss'
  | 'no-duplicates'
  | 'non-negative-backlog'
  | 'acked-positions-exist'
  | 'ledger-entries-match'
  | 'replicate-to-respected'
  | 'received-once'
  | 'replication-progress';

export const SAFETY_INVARIANTS: readonly InvariantId[] = [
  'no-silent-loss',
  'no-duplicates',
  'non-negative-backlog',
  'acked-positions-exist',
  'ledger-entries-match',
  'replicate-to-respected',
  'received-once',
];

export interface Finding {
  readonly invariant: InvariantId;
  /** Stable identity of this finding (the same loss is reported once). */
  readonly key: string;
  readonly messages: readonly string[];
  readonly detail: string;
}

/**
 * `no-silent-loss`: whatever a producer completed as a success (a real position or `-1:-1`) is
 * stored at its destination — checked in every state, so a later loss is caught too.
 */
export function noSilentLoss(w: World): Finding[] {
  const out: Finding[] = [];
  const storedBy = new Map<string, Set<string>>();
  // The consumer's drops per cluster, once per state however many of its messages are lost.
  const dropsBy = new Map<string, Map<string, string>>();
  for (const c of w.completions) {
    if (c.result === 'failed') continue;
    let stored = storedBy.get(c.cluster);
    if (!stored) storedBy.set(c.cluster, (stored = new Set(storedOrTrimmed(w.topics[c.cluster]!))));
    if (stored.has(c.msg)) continue;
    const how = c.result === 'dup' ? 'with -1:-1' : `at ${c.ledgerId}:${c.entryId}`;
    // A chunked message whose chunks a reader met but dropped says why (ConsumerImpl.processMessageChunk).
    let drops = dropsBy.get(c.cluster);
    if (!drops) {
      const topic = w.topics[c.cluster]!;
      dropsBy.set(c.cluster, (drops = consumerDrops(readableOf(topic), topic.chunkConsumer)));
    }
    const why = drops.get(c.msg);
    out.push({
      invariant: 'no-silent-loss',
      key: `no-silent-loss:${c.cluster}:${c.msg}`,
      messages: [c.msg],
      detail: `${c.msg} was completed as a success ${how} for ${c.producer}, but ${c.cluster} does not store it${why ? `: ${why}` : ''}`,
    });
  }
  return [...out, ...replicatedButMissing(w)];
}

/**
 * The safety invariants read only these parts of a world (keep it so when adding one): a step that
 * left all three the same objects cannot change a finding, so the explorer skips the check.
 */
export const sameSafetyInputs = (a: World, b: World): boolean =>
  a.topics === b.topics &&
  a.completions === b.completions &&
  a.replicator === b.replicator &&
  a.replicators === b.replicators;

/**
 * `replicate-to-respected`: no cluster stores a replicated copy of a message whose own replicate_to
 * leaves that cluster out. The replicator judges an entry by its metadata alone
 * (`GeoPersistentReplicator.replicateEntries`), and a Java batch's metadata carries only its first
 * message's list (`Commands.initBatchMessageMetadata`), so a batch-mate restricted to us-east still
 * reaches us-west when the batch's first message is not restricted. The copy where the message was
 * published is never judged: the broker stores it whatever its list says.
 */
export function replicateToRespected(w: World): Finding[] {
  if (!w.config.workload.some((i) => i.kind === 'send' && i.replicateTo !== undefined)) return [];
  const out: Finding[] = [];
  for (const topic of Object.values(w.topics)) {
    for (const e of readableOf(topic)) {
      if (e.replicatedFrom === undefined) continue;
      for (const m of e.msgs) {
        if (!excludedBySender(m, topic.cluster)) continue;
        const first = e.msgs[0]!;
        const why =
          first === m
            ? ''
            : `: its batch's first message, ${first.msg}, ${first.replicateTo?.length ? `has replicate_to [${first.replicateTo.join(', ')}]` : 'has no replicate_to'}, and the entry's metadata is that message's`;
        out.push({
          invariant: 'replicate-to-respected',
          key: `replicate-to-respected:${topic.cluster}:${m.msg}`,
          messages: [m.msg],
          detail: `${m.msg} was sent with replicate_to [${m.replicateTo!.join(', ')}], but ${topic.cluster} stores a copy replicated from ${e.replicatedFrom} at ${e.ledgerId}:${e.entryId}${why}`,
        });
      }
    }
  }
  return out;
}

export function checkSafety(w: World): Finding[] {
  return [
    ...noSilentLoss(w),
    ...noDuplicates(w),
    ...ledgerInvariants(w),
    ...replicateToRespected(w),
    ...receivedOnce(w),
  ];
}
