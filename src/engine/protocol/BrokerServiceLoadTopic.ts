// A topic instance starts serving on a broker (`BrokerService.loadTopic` once
// `ManagedLedgerImpl.initialize` completed: `serveTopic`), with dedup state rebuilt by
// `MessageDeduplication.replayCursor` and that replay in words. The gap in which no instance
// serves it is PersistentTopicServing.ts. Its own file because the loads share it — the reload after an unload
// (BrokerService.ts) and the new owner's after an ownership change or a crash
// (OwnershipChangeSwitch.ts) — and a runtime switch's replay names its chunks the same way
// (PersistentTopicDeduplicationStatus.ts).
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import type { World } from '../model/world';
import { type Ctx, idsOf, labelOf } from '../sim/context';
import {
  chunksNotReplayed,
  replayCursor,
  replayReplNote,
} from './MessageDeduplicationReplayCursor';
import { replicationDedup } from '../model/fixes';
import { readableEntries, readableOf } from './ManagedLedger';
import { replicationLinks } from '../model/config';

/**
 * A topic instance on `broker` starts serving what the metadata store records (`BrokerService
 * .loadTopic` once `ManagedLedgerImpl.initialize` completed): a managed ledger writing the last
 * ledger of the list, nothing pending, not fenced, and dedup state rebuilt by replaying what a
 * reader can reach (`MessageDeduplication.replayCursor`).
 */
export function serveTopic(topic: TopicState, broker: string): void {
  const bk = topic.bk!;
  const current = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  topic.owner = broker;
  topic.fenced = false;
  topic.pendingWrites = [];
  bk.ml = {
    state: 'LedgerOpened',
    ledgers: bk.metadata.ledgers.map((l) => ({ ...l })),
    version: bk.metadata.version,
    handle: {
      ledgerId: current.id,
      ensemble: bk.ledgerMeta[current.id]!.ensemble,
      lac: -1,
      pending: [],
      closed: false,
    },
    currentLedgerEntries: 0,
    lastConfirmedEntry: lastRecorded(bk.metadata.ledgers),
    ops: [],
  };
  replayCursor(topic.dedup, readableEntries(topic));
}

/**
 * What a load's replay rebuilt, in words: from the dedup snapshot when one was taken, and whether
 * V2 replication's _LID/_EID watermarks came back (said only where a V2 link writes to the topic).
 */
export function dedupReplayWords(w: World, topic: TopicState): string {
  const v2Target = replicationLinks(w.config).some(
    (l) => l.cfg.to === topic.cluster && replicationDedup(w.config, l.cfg) === 'v2',
  );
  const snapshot = topic.dedup.snapshot
    ? ' from the dedup snapshot (the pulsar.dedup cursor’s properties) and the entries after its mark-delete'
    : '';
  return `dedup state rebuilt by replay${snapshot}${v2Target ? replayReplNote(topic.dedup) : ''}`;
}

function lastRecorded(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--)
    if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return { ledgerId: list[0]!.id, entryId: -1 };
}

/**
 * With the proposed `replay-last-chunk`: the chunks a replay read and recorded nothing for, named
 * after the replay's own line (a load's, or a runtime switch's). Nothing is said without the fix.
 */
export function chunksNotReplayedLog(ctx: Ctx, topic: TopicState, broker: string): void {
  const skipped = chunksNotReplayed(topic.dedup, readableOf(topic));
  if (skipped.length === 0) return;
  const what = skipped
    .map((e) => `${labelOf(e.msgs)} at ${e.ledgerId}:${e.entryId} (seq ${e.sequenceId})`)
    .join(', ');
  const text = `replay: ${what} not recorded — not its message's last chunk (replay-last-chunk)`;
  ctx.events.push(
    ev('log', broker, text, idsOf(skipped.flatMap((e) => e.msgs)), {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.replayCursor:not-last-chunk',
    }),
  );
}
