// A runtime switch of deduplication on a loaded topic: `PersistentTopic.checkDeduplicationStatus` →
// `MessageDeduplication.checkStatus`, and the replay of the dedup cursor that a switch on starts
// (`MessageDeduplication.replayCursor`). Its own file because an operator's policy change, not a
// send, drives it (applyTopicFault.ts, and storage.ts for the replay's own step).
import type { Config } from '../model/config';
import { ev } from '../model/events';
import { switchedOn } from '../model/fixes';
import type { TopicState } from '../model/topic';
import { type Ctx, tick } from '../sim/context';
import { checkStatus, recoveryComplete } from './MessageDeduplicationCheckStatus';
import { readableOf } from './ManagedLedger';
import { chunksNotReplayedLog } from './BrokerServiceLoadTopic';

/**
 * `PersistentTopic.checkDeduplicationStatus` (called from `onPoliciesUpdate` when an operator sets
 * the namespace's or topic's deduplication policy) → `MessageDeduplication.checkStatus`. The topic
 * stays loaded and its producers stay connected: they are told nothing, and a producer connecting
 * later gets `last_sequence_id` from whatever the maps hold (`getLastPublishedSequenceId`). A
 * cursor opened now starts at the managed ledger's last confirmed entry — with bookies its
 * `lastConfirmedEntry`, on abstract storage the last entry stored — so what was written before the
 * switch (while dedup was off, or before an earlier switch off) is in no rebuilt map.
 */
export function checkDeduplicationStatus(ctx: Ctx, topic: TopicState, enabled: boolean): void {
  const entries = readableOf(topic);
  const last = entries[entries.length - 1];
  const lce = topic.bk
    ? topic.bk.ml.lastConfirmedEntry
    : last
      ? { ledgerId: last.ledgerId, entryId: last.entryId }
      : { ledgerId: -1, entryId: -1 };
  const change = checkStatus(topic.dedup, enabled, lce, tick(ctx.w));
  const text =
    change === 'unchanged'
      ? `deduplication already ${enabled ? 'on' : 'off'}: nothing to do`
      : change === 'disabled'
        ? 'deduplication off: dedup cursor deleted, sequence-id maps cleared (Removing → Disabled); every send is written'
        : `deduplication on: new dedup cursor at ${lce.ledgerId < 0 ? 'the start (nothing confirmed yet)' : `${positionText(lce)}, the last confirmed entry`} (Recovering: no send is checked until its replay)`;
  ctx.events.push(
    ev('log', topic.owner, text, [], {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.checkStatus',
    }),
  );
}

/**
 * Whether a send the topic accepts now is written unchecked (`PendingWrite.unchecked`): the policy
 * is off (`Disabled`, or the one step of `Removing`), so `isDuplicate` answered NotDup without
 * looking. Not while `Recovering`: the operator has switched the policy on and the copy a send
 * gets through then (`isEnabled()` still false) is one deduplication was asked to stop. Marked
 * only on a cluster the run may switch on — elsewhere no check ever judges the copy, and leaving
 * the flag out keeps those worlds' state identity as it was.
 */
export const acceptedUnchecked = (config: Config, topic: TopicState): boolean =>
  !topic.dedup.enabled && topic.dedup.recovering == null && switchedOn(config, topic.cluster);

const positionText = (p: { ledgerId: number; entryId: number }) =>
  p.ledgerId < 0 ? 'the start' : `${p.ledgerId}:${p.entryId}`;

/**
 * The replay a runtime switch on started (`MessageDeduplication.replayCursor` from the new
 * cursor) completes: it reads what was confirmed after the cursor by now — writes that completed
 * while Recovering — and the status becomes Enabled. Its own step, so the explorer orders it
 * against the writes in flight and the sends that arrive meanwhile.
 */
export function completeDedupRecovery(ctx: Ctx, topic: TopicState): void {
  const read = recoveryComplete(topic.dedup, readableOf(topic));
  const c = topic.dedup.cursor;
  const from = c ? positionText(c) : 'the start';
  ctx.events.push(
    ev(
      'log',
      topic.owner,
      `dedup cursor replayed from ${from}: ${read === 0 ? 'nothing after it' : `${read} ${read === 1 ? 'entry' : 'entries'} written while Recovering`} (Recovering → Enabled)`,
      [],
      { cluster: topic.cluster, rule: 'MessageDeduplication.replayCursor' },
    ),
  );
  chunksNotReplayedLog(ctx, topic, topic.owner);
}
