// `step(world, action)`: the one transition. It drafts a copy-on-read world, applies the action through the
// protocol rules, arms plan triggers, and returns the next world with the events it produced.
import { applyAcks } from './acks';
import { applyNegativeAcks } from './negativeAcks';
import { linkOfProducer, REPLICATOR } from '../model/config';
import { replicationDedup } from '../model/fixes';
import { ev, type SimEvent } from '../model/events';
import type { World } from '../model/world';
import type { ProducerState } from '../model/producer';
import { answeredLabel, type Channel, receiptIdsText } from '../model/connection';
import { flushBatch, runWorkloadItem } from '../protocol/application';
import { getLastPublishedSequenceId } from '../protocol/MessageDeduplication';
import { producerAdded, purgeInactiveProducer } from '../protocol/MessageDeduplicationPurge';
import { snapshotTimer } from '../protocol/MessageDeduplicationSnapshot';
import { handleSend } from '../protocol/PersistentTopic';
import { addComplete } from '../protocol/PersistentTopicAddEntry';
import { ackReceived, connectionOpenedJava } from '../protocol/ProducerImpl';
import { handleSendErrorJava } from '../protocol/ProducerImplSendError';
import { ackReceivedReplicatedMsg } from '../protocol/GeoReplicationProducerImpl';
import { readMoreEntries } from '../protocol/PersistentReplicatorRead';
import { writeReplicatorCursor } from '../protocol/PersistentReplicatorCursorFencing';
import {
  grabCnx,
  handleSendErrorGo,
  receivedSendReceipt,
} from '../protocol/partitionProducerReceipt';
import { handleCloseProducer } from '../protocol/CommandCloseProducer';
import { reregister } from '../protocol/ConnectionHandler';
import { closeAndClearPendingMessages } from '../protocol/ProducerImplClose';
import { answerToClosedProducer } from '../protocol/ProducerImplClosed';
import type { Action } from './actions';
import type { Ctx } from './context';
import { draftWorld, finishWorld } from './draft';
import { applyStorage } from './storage';
import { armTriggers } from './faultTriggers';
import { applyFault } from './applyFault';
import { nameHolder, producerBusy } from '../protocol/AbstractTopic';
import { removeExpireIncompleteChunkedMessages } from '../protocol/ConsumerImplChunkExpiry';

export function step(world: World, action: Action): { world: World; events: SimEvent[] } {
  const ctx: Ctx = { w: draftWorld(world), events: [] };
  ctx.w.stepCount += 1;
  apply(ctx, action);
  armTriggers(ctx.w, ctx.events);
  return { world: finishWorld(ctx.w), events: ctx.events };
}

/**
 * The protocol rules of one action, on whatever world `ctx` holds: `step` gives it a copy-on-read
 * draft. Exported for the bench, which times the rules alone on a plain copy.
 */
export function apply(ctx: Ctx, a: Action): void {
  const w = ctx.w;
  switch (a.type) {
    case 'deliver-send': {
      const ch = w.channels[a.producer]!;
      const frame = ch.toBroker.shift()!;
      handleSend(ctx, w.topics[ch.cluster]!, ch, frame);
      return;
    }
    case 'deliver-response': {
      const ch = w.channels[a.producer]!;
      const r = ch.toClient.shift()!;
      const p = w.producers[a.producer]!;
      if (r.kind === 'close-producer') return handleCloseProducer(ctx, p, ch);
      if (!ch.listening) {
        // Go connection.handleSendReceipt / handleSendError: no listener for this producer id.
        const text = `unexpected ${r.kind === 'receipt' ? 'send receipt' : r.error} for ${p.name}, no longer registered on this connection: dropped`;
        ctx.events.push(
          ev('log', p.name, text, r.msgs, {
            cluster: ch.cluster,
            rule: 'connection.handleSendReceipt:unknown-producer',
          }),
        );
        return;
      }
      const bySource = p.role === 'replicator' && ch.replDedupV2;
      const text =
        r.kind === 'receipt'
          ? `receipt ${answeredLabel(r)} ${receiptIdsText(r, bySource)} at ${r.ledgerId}:${r.entryId}`
          : `${r.error} ${answeredLabel(r)} seq ${r.sequenceId}`;
      ctx.events.push(
        ev('response', ch.broker, text, r.msgs, { to: p.name, reply: true, cluster: ch.cluster }),
      );
      if (ch.producerClosed) return answerToClosedProducer(ctx, p, r);
      if (r.kind === 'receipt') {
        if (p.role === 'replicator' && ch.replDedupV2) ackReceivedReplicatedMsg(ctx, p, r);
        else if (p.client === 'java') ackReceived(ctx, p, r);
        else receivedSendReceipt(ctx, p, r);
      } else if (p.client === 'java') handleSendErrorJava(ctx, p, r);
      else handleSendErrorGo(ctx, p, r);
      return;
    }
    case 'deliver-close': {
      // CommandCloseProducer overtook the receipts queued before it: they follow it on the wire.
      const ch = w.channels[a.producer]!;
      return handleCloseProducer(ctx, w.producers[a.producer]!, ch);
    }
    case 'close-answered': {
      const p = w.producers[a.producer]!;
      ctx.events.push(
        ev('response', w.channels[a.producer]!.broker, 'CloseProducer: Success', [], {
          to: p.name,
          reply: true,
          cluster: p.cluster,
        }),
      );
      return closeAndClearPendingMessages(ctx, p, 'the broker answered its close');
    }
    case 'persist':
      addComplete(ctx, w.topics[a.cluster]!);
      return;
    case 'replicator-read':
      readMoreEntries(ctx, linkOfProducer(w.config, a.producer ?? REPLICATOR)!);
      return;
    case 'persist-replicator-cursor':
      writeReplicatorCursor(ctx, linkOfProducer(w.config, a.producer)!);
      return;
    case 'bk-request':
    case 'bk-answer':
    case 'metadata-write':
    case 'consume':
    case 'dedup-replay':
      applyStorage(ctx, a);
      return;
    case 'dedup-snapshot':
      snapshotTimer(ctx, w.topics[a.cluster]!);
      return;
    case 'dedup-purge':
      purgeInactiveProducer(ctx, w.topics[a.cluster]!, a.name);
      return;
    case 'ack':
    case 'persist-cursor':
      applyAcks(ctx, a);
      return;
    case 'negative-ack':
    case 'redeliver':
    case 'acknowledge':
    case 'ack-timeout':
      applyNegativeAcks(ctx, a);
      return;
    case 'connect':
      connect(ctx, a.producer);
      return;
    case 'workload':
      runWorkloadItem(ctx);
      return;
    case 'chunk-expiry':
      removeExpireIncompleteChunkedMessages(ctx, a.cluster);
      break;
    case 'batch-timer': {
      const p = w.producers[a.producer]!;
      // Java: the timer maybeScheduleBatchFlushTask armed runs batchMessageAndSend; Go: runEventsLoop's batchFlushTicker.
      ctx.events.push(
        ev(
          'app',
          p.name,
          'batch timer: flush',
          p.batch.map((m) => m.msg),
          {
            cluster: p.cluster,
            rule:
              p.client === 'java'
                ? 'ProducerImpl.batchMessageAndSend'
                : 'partitionProducer.internalFlushCurrentBatch',
          },
        ),
      );
      flushBatch(ctx, p);
      return;
    }
    case 'fault':
      if (a.plan !== null) {
        const rt = w.plan[a.plan]!;
        rt.spent = true;
        rt.armed = false;
      } else w.faultsUsed += 1;
      applyFault(ctx, a.fault);
      return;
  }
}

/**
 * The producer connects and `ProducerSuccess` answers with the broker's last_sequence_id; then the
 * client's connectionOpened / grabCnx seeds and resends.
 */
function connect(ctx: Ctx, name: string): void {
  const w = ctx.w;
  const p = w.producers[name]!;
  let prev = w.channels[name];
  // The application's next instance after a close while reconnecting: what the closed one left on
  // the connection is gone by now (ProducerImplClosed.ts), and this is its first connect.
  if (prev?.producerClosed) {
    delete w.channels[name];
    prev = undefined;
  }
  // PR 23038: a Java producer that let go of a connection still open re-registers on it.
  const last = prev?.open && p.client === 'java' ? reregister(ctx, p) : register(ctx, p, prev);
  if (last === null) return;
  const at = ctx.events.length;
  const seeded = p.client === 'java' ? connectionOpenedJava(ctx, p, last) : grabCnx(ctx, p, last);
  // The seeding happens before the resend; its note goes right after the connect. The replicator
  // sends the original producers' ids: its generator means nothing, so no note.
  if (seeded && p.role === 'app')
    ctx.events.splice(
      at,
      0,
      ev('log', name, `seeded${seeded.replace(/^,/, '')}`, [], {
        cluster: p.cluster,
        rule:
          p.client === 'java'
            ? 'ProducerImpl.connectionOpened:seed'
            : 'partitionProducer.grabCnx:seed',
      }),
    );
}

/** A new connection to the topic's owner; ProducerSuccess carries the broker's last_sequence_id (null: refused). */
function register(ctx: Ctx, p: ProducerState, prev: Channel | undefined): number | null {
  const w = ctx.w;
  const name = p.name;
  const topic = w.topics[p.cluster]!;
  // ServerCnx.handleProducer → AbstractTopic.addProducer: a name already live on the topic is refused.
  // …or still held by this producer's earlier instance, closed while PR 23038 had it reconnect.
  const holder = nameHolder(w, p) ?? (p.earlierInstanceRegistered ? p : undefined);
  if (holder) {
    producerBusy(ctx, p, holder, topic.owner, prev === undefined);
    return null;
  }
  const brokenPlan = w.config.faults.findIndex(
    (f, i) => f.kind === 'duplicate-frames' && f.producer === name && !w.plan[i]!.spent,
  );
  const spec = w.config.faults[brokenPlan];
  w.channels[name] = {
    producer: name,
    broker: topic.owner,
    cluster: p.cluster,
    epoch: (prev?.epoch ?? 0) + 1,
    open: true,
    closedAt: 0,
    toBroker: [],
    toClient: [],
    sends: 0,
    // PR 23697's feature flag (`supports_repl_dedup_by_lid_and_eid`): both sides advertise it when
    // the scenario runs V2 replication. A Java client of that Pulsar sets it on every connection
    // (`Commands.newConnect` → setFeatureFlags), an application's too; pulsar-client-go never does.
    // The broker only reads it for a producer named like a replicator (MessageDeduplication.isDuplicate).
    replDedupV2:
      p.role === 'replicator'
        ? replicationDedup(w.config, linkOfProducer(w.config, p.name)?.cfg) === 'v2'
        : p.client === 'java' && replicationDedup(w.config) !== 'v1',
    listening: true,
    broken:
      spec?.kind === 'duplicate-frames'
        ? { plan: brokenPlan, atSend: spec.atSend, frames: spec.frames, cache: [], mode: 'caching' }
        : null,
  };
  // `PersistentTopic.addProducer` → `MessageDeduplication.producerAdded`: no longer inactive.
  if (topic.dedup.inactiveProducers) producerAdded(topic.dedup, p.wireName);
  const last = getLastPublishedSequenceId(topic.dedup, p.wireName);
  ctx.events.push(
    ev('connect', name, `CommandProducer → ProducerSuccess(last_sequence_id ${last})`, [], {
      to: topic.owner,
      cluster: p.cluster,
      rule: 'ServerCnx.handleProducer',
    }),
  );
  return last;
}
