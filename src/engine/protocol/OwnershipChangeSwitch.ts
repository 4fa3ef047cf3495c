// The clients move to the topic's new owner (`switchToNewOwner`): once the old owner's topic is
// closed (its managed ledger fenced) or its broker crashed, and the new owner's load has written
// the ledger list (OwnershipChange.ts), the new owner's instance serves the topic
// (`BrokerService.loadTopic`), the consumers reconnect to it (`PersistentTopic.close`'s
// disconnect) and the replicators change hands. Its own file because it is the step after the
// load, which the old owner's fence may trigger (PersistentTopicAddEntry.ts) as well as the load,
// and an unload's close (PersistentTopicClose.ts) moves its consumers the same way.
import type { AckLoss } from './ConsumerAckLoss';
import { rewindOnReconnect } from './ManagedCursorRewind';
import { ev } from '../model/events';
import type { TopicState } from '../model/topic';
import type { Ctx } from '../sim/context';
import { closeReplicatorProducer } from './AbstractReplicator';
import { replicatorTakesLoadedCursor } from './PersistentReplicatorCursorFencing';
import { replicationLinks } from '../model/config';
import { chunksNotReplayedLog, dedupReplayWords, serveTopic } from './BrokerServiceLoadTopic';

/**
 * The old owner's topic closed (its managed ledger fenced): clients look the topic up again and
 * land on the new owner, whose instance now serves it, with dedup state rebuilt by replay.
 */
export function switchToNewOwner(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const t = bk.takeover;
  if (!t || t.state !== 'loaded') return;
  const before = topic.owner;
  serveTopic(topic, t.broker);
  bk.takeover = null;
  const current = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  ctx.events.push(
    ev('log', t.broker, `now serves the topic (current ledger ${current.id})`, [], {
      cluster: topic.cluster,
      rule: 'BrokerService.loadTopic',
    }),
  );
  // serveTopic replayed; said as an unload's load says it (BrokerService.dedupReplayed).
  const loaded =
    t.crashed !== undefined ? `after ${t.crashed} crashed` : `(taken over from ${before})`;
  ctx.events.push(
    ev('log', t.broker, `topic loaded ${loaded}: ${dedupReplayWords(ctx.w, topic)}`, [], {
      cluster: topic.cluster,
      rule: 'MessageDeduplication.replayCursor',
    }),
  );
  chunksNotReplayedLog(ctx, topic, t.broker);
  consumersReconnect(
    ctx,
    topic,
    before,
    t.broker,
    // After a crash the cursor is recovered now; after a takeover it was opened at the load.
    t.crashed !== undefined ? 'recovered' : 'loaded',
    t.crashed !== undefined ? `${t.crashed} crashed` : `${t.broker} took the topic over`,
  );
  // The old owner's PersistentTopic.close stops its replicator (AbstractReplicator.terminate closes
  // its producer gracefully); the new owner's runs from the persisted cursor with a new producer
  // once that close is answered (a crash restarted it already, BrokerService.restartBroker). The
  // new owner opened the cursor at its load: with cursor writes in flight, what its ledger did not
  // hold then is gone (PersistentReplicatorCursorFencing.ts).
  if (t.crashed === undefined)
    for (const l of replicationLinks(ctx.w.config))
      if (l.cfg.from === topic.cluster) {
        replicatorTakesLoadedCursor(ctx, l, before);
        closeReplicatorProducer(ctx, l);
      }
}

/**
 * `PersistentTopic.close` on `from` disconnected the topic's consumers: each looks the topic up
 * again and resumes on `to` (the same broker after an unload, the new owner after a takeover) from
 * its cursor's mark-delete position.
 */
export function consumersReconnect(
  ctx: Ctx,
  topic: TopicState,
  from: string,
  to: string,
  how: AckLoss,
  cause: string,
): void {
  const where = from === to ? '' : ` on ${from}`;
  for (const s of Object.values(topic.subscriptions)) {
    if (s.broker !== from) continue;
    s.broker = to;
    // Acknowledgements in flight (opt-in): lost with the connection, the cursor rewound or recovered.
    if (s.acked) rewindOnReconnect(ctx, topic, s, how, cause);
    const md = s.markDeletePosition;
    ctx.events.push(
      ev(
        'log',
        `${s.name}-consumer`,
        `topic closed${where}: reconnects to ${to}, resumes after mark-delete ${md.ledgerId}:${md.entryId}`,
        [],
        { cluster: topic.cluster, rule: 'PersistentTopic.close:disconnect-consumers' },
      ),
    );
  }
}
