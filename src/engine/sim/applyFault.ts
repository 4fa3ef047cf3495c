// What a fault does once it acts (`applyFault`): the fault's own event, then the Pulsar or
// BookKeeper rule it sets off — a connection closing, a topic unloading, a broker or bookie process
// restarting. Its own file, apart from when a fault applies (faults.ts), because this is the one
// place the simulator calls into the protocol handlers for a fault; faults.ts only reads the world,
// and enabledActions and the explorer depend on that alone.
import { answeredLabel } from '../model/connection';
import { ev } from '../model/events';
import { freshProducerSession } from '../model/producer';
import { frozen } from '../model/world';
import { closeConnection } from '../protocol/ClientCnx';
import { disconnectProducersOf } from '../protocol/CommandCloseProducer';
import { connectionPeers, dropConnection, pulsarClientOf } from '../protocol/ConnectionPool';
import { closeProducerByApplication } from '../protocol/ProducerImplClose';
import { addFailed } from '../protocol/PersistentTopicAddEntry';
import { checkDeduplicationStatus } from '../protocol/PersistentTopicDeduplicationStatus';
import { restartBroker } from '../protocol/BrokerService';
import { unloadTopic } from '../protocol/PersistentTopicClose';
import { startTakeover } from '../protocol/OwnershipChange';
import { bookieRestarts } from '../protocol/BookieImpl';
import { checkMessageExpiry } from '../protocol/PersistentMessageExpiryMonitor';
import { bookieConnectionClosed } from '../protocol/ManagedLedgerImpl';
import { trimConsumedLedgers } from '../protocol/ManagedLedgerTrim';
import { completeOpFailure, unsentOp } from '../protocol/SendCallback';
import { sendTimeoutJava } from '../protocol/ProducerImpl';
import { failTimeoutMessages } from '../protocol/partitionProducerSendTimeout';
import { blockedSend, expireContext } from '../protocol/partitionProducerContextExpiry';
import { sendReturnsContextErr, waitingSend } from '../protocol/partitionProducerSend';
import type { FaultAction } from './actions';
import { loseAck } from './acks';
import type { Ctx } from './context';
import { inFlightTo } from './faults';
import { timingOut } from './producerFaults';
import { bookieClusters } from './topicFaults';

export function applyFault(ctx: Ctx, f: FaultAction): void {
  const w = ctx.w;
  switch (f.kind) {
    case 'checksum-error': {
      const frame = inFlightTo(w, f.message, f.cluster)!;
      const ch = Object.values(w.channels).find((c) => c.toBroker.includes(frame))!;
      // Frames are immutable (shared between world copies): the corrupted one replaces it.
      ch.toBroker[ch.toBroker.indexOf(frame)] = frozen({ ...frame, corrupted: true });
      // Ops are immutable too: the one whose local buffer is corrupted is replaced.
      const ops = w.producers[ch.producer]!.pendingMessages;
      const at = ops.findIndex((o) => o.opId === frame.opId);
      if (at >= 0 && f.localBufferCorrupted)
        ops[at] = frozen({ ...ops[at]!, localBufferCorrupted: true });
      const where = f.localBufferCorrupted
        ? 'local buffer corrupted'
        : 'corrupted on the wire, local copy intact';
      ctx.events.push(
        ev('fault', ch.producer, `checksum-error on ${f.message} (${where})`, [f.message], {
          cluster: f.cluster,
        }),
      );
      return;
    }
    case 'lose-ack':
      loseAck(ctx, f.cluster, f.subscription, f.message);
      return;
    case 'not-allowed':
      w.notAllowed[`${f.message}@${f.cluster}`] = f.times;
      ctx.events.push(
        ev(
          'fault',
          w.topics[f.cluster]!.owner,
          `${f.message} exceeds a topic policy at ${f.cluster}: NotAllowedError`,
          [f.message],
          { cluster: f.cluster },
        ),
      );
      return;
    case 'lose-receipt': {
      const ch = Object.values(w.channels).find(
        (c) =>
          c.open &&
          c.cluster === f.cluster &&
          c.toClient.some((r) => r.kind === 'receipt' && r.msgs.includes(f.message)),
      )!;
      // The receipt the fault names, as its arrow would (a chunk's: `M1[2/2]`).
      const receipt = ch.toClient.find((r) => r.kind === 'receipt' && r.msgs.includes(f.message))!;
      const named =
        receipt.kind !== 'close-producer' && receipt.shownChunk
          ? answeredLabel(receipt)
          : f.message;
      ctx.events.push(
        ev('fault', ch.broker, `connection drops before ${named}'s receipt arrives`, [f.message], {
          cluster: f.cluster,
        }),
      );
      // The network drops the connection: every producer sharing it loses it too.
      dropConnection(ctx, w.producers[ch.producer]!, 'lose-receipt fault', 'fault:lose-receipt');
      return;
    }
    case 'persist-fails': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev('fault', topic.owner, `ledger write of ${f.message} fails`, [f.message], {
          cluster: f.cluster,
        }),
      );
      addFailed(ctx, topic, (cluster, reason) =>
        disconnectProducersOf(
          ctx,
          cluster,
          reason,
          'PersistentTopic.addFailed:disconnect-producers',
        ),
      );
      return;
    }
    case 'disconnect': {
      // A network drop takes the TCP connection, with every producer of its client on it.
      const peers = connectionPeers(w, f.producer);
      const client = pulsarClientOf(w, f.producer);
      const what =
        peers.length > 1
          ? `disconnect: ${client}'s connection to ${w.channels[f.producer]!.broker} drops (${peers.join(', ')})`
          : 'disconnect';
      ctx.events.push(ev('fault', f.producer, what, [], {}));
      dropConnection(ctx, w.producers[f.producer]!, 'disconnect fault', 'fault:disconnect');
      return;
    }
    case 'restart-producer':
      restartProducer(ctx, f.producer);
      return;
    case 'send-timeout': {
      const nth = f.nth ?? 1;
      const p = timingOut(w, f.message, nth)!;
      const which = nth > 1 ? ` (its pending item #${nth})` : '';
      ctx.events.push(
        ev(
          'fault',
          p.name,
          `send timeout: ${f.message}${which} has waited longer than sendTimeoutMs`,
          [f.message],
          { cluster: p.cluster },
        ),
      );
      if (p.client === 'java') sendTimeoutJava(ctx, p);
      else failTimeoutMessages(ctx, p, f.message, nth);
      return;
    }
    case 'context-expired': {
      const b = blockedSend(w);
      if (!b) {
        const s = waitingSend(w)!;
        ctx.events.push(
          ev(
            'fault',
            s.p.name,
            `context expired: the application's context for Send ${f.message} is done while it waits for the result`,
            [f.message],
            { cluster: s.p.cluster },
          ),
        );
        sendReturnsContextErr(ctx, s);
        return;
      }
      ctx.events.push(
        ev(
          'fault',
          b.p.name,
          `context expired: the application's context for ${b.item.sync ? 'Send' : 'SendAsync'} ${f.message} is done while it waits`,
          [f.message],
          { cluster: b.p.cluster },
        ),
      );
      expireContext(ctx, b);
      return;
    }
    case 'unload-topic':
      unloadTopic(ctx, f.cluster, f.scope === 'topic');
      return;
    case 'set-deduplication': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `operator sets deduplication ${f.enabled ? 'on' : 'off'} at ${f.cluster} (topic policy)`,
          [],
          { cluster: f.cluster },
        ),
      );
      checkDeduplicationStatus(ctx, topic, f.enabled);
      return;
    }
    case 'expire-messages': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `message TTL passes at ${f.cluster}: every entry stored so far has expired`,
          [],
          { cluster: f.cluster },
        ),
      );
      checkMessageExpiry(ctx, topic);
      return;
    }
    case 'trim-topic': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `operator trims the topic at ${f.cluster} (pulsar-admin topics trim-topic; retention 0)`,
          [],
          { cluster: f.cluster },
        ),
      );
      trimConsumedLedgers(ctx, topic);
      return;
    }
    case 'ownership-change':
      startTakeover(ctx, w.topics[f.cluster]!, f.to);
      return;
    case 'restart-broker':
      restartBroker(ctx, f.cluster, f.to);
      return;
    case 'restart-bookie':
      restartBookie(ctx, f.bookie);
      return;
    case 'duplicate-frames': {
      // The explorer's placement of PR 23697's broken channel: it starts caching now, and its
      // `atSend`-th send from now is replaced by every frame cached until then.
      const ch = w.channels[f.producer]!;
      ch.broken = {
        plan: null,
        atSend: ch.sends + f.atSend,
        frames: null,
        cache: [],
        mode: 'caching',
      };
      ctx.events.push(
        ev(
          'fault',
          f.producer,
          `the channel breaks: its send #${f.atSend} from now will re-write the frames sent before it, then it drops every send`,
          [],
          {},
        ),
      );
      return;
    }
  }
}

/**
 * A bookie's process dies and comes back in one step (docs/research/restart-bookie.md): what was in
 * flight to and from it is lost, what it journaled stays (`bookieRestarts`), and the broker writing
 * the topic sees its connection close (`bookieConnectionClosed`).
 */
function restartBookie(ctx: Ctx, bookie: string): void {
  for (const topic of bookieClusters(ctx.w, bookie)) {
    const bk = topic.bk!;
    const lost = bookieRestarts(bk, bookie);
    const what = [
      lost.requests > 0 ? `${lost.requests} request${lost.requests === 1 ? '' : 's'} to it` : '',
      lost.answers > 0 ? `${lost.answers} answer${lost.answers === 1 ? '' : 's'} from it` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const kept = Object.entries(bk.bookies[bookie]!.ledgers)
      .map(
        ([l, x]) =>
          `${x.entries.map((e) => `${l}:${e}`).join(', ') || `ledger ${l}: nothing`}${x.fenced ? ` (ledger ${l} fenced)` : ''}`,
      )
      .join('; ');
    ctx.events.push(
      ev(
        'fault',
        bookie,
        `${bookie} crashes and restarts: ${what ? `${what} lost` : 'nothing in flight'}; its journal keeps ${kept || 'nothing'}`,
        [],
        { cluster: topic.cluster, rule: 'BookieImpl.readJournal' },
      ),
    );
    bookieConnectionClosed(ctx, topic, bookie);
  }
}

/** The producer's process restarts: a new ProducerImpl with nothing pending and fresh counters. */
function restartProducer(ctx: Ctx, name: string): void {
  const p = ctx.w.producers[name]!;
  // With a PulsarClient shared with other producers (`producers[].pulsarClient`) the fault stands
  // for `Producer.close()` and `newProducer().create()` on that client: the process and the
  // client's connection to the others stay, so the event must not say the process restarts.
  const client = pulsarClientOf(ctx.w, name);
  const shared =
    client !== undefined &&
    ctx.w.config.producers.some((pc) => pc.name !== name && pc.pulsarClient === client);
  if (shared) {
    // Not a process death: the connection and what is on it stay, so sends already written are
    // still read, stored and answered before the close is (ClientCnx.closeProducerByApplication).
    ctx.events.push(
      ev(
        'fault',
        name,
        `producer closed and created again on client ${client} (the client and its connection stay): close() waits for the sends already written`,
        [],
        { cluster: p.cluster },
      ),
    );
    closeProducerByApplication(ctx, p);
    return;
  }
  ctx.events.push(
    ev('fault', name, 'producer process restarts: pending sends are lost', [], {
      cluster: p.cluster,
    }),
  );
  closeConnection(ctx, p, 'producer restarted', 'fault:restart-producer');
  const lost = [...p.pendingMessages, ...(p.batch.length ? [unsentOp(p.batch)] : [])];
  for (const op of lost)
    completeOpFailure(ctx, p, op, 'producer restarted', 'fault:restart-producer');
  Object.assign(p, { instance: p.instance + 1, ...freshProducerSession() });
  delete p.leakedPermits; // a new ProducerImpl / partitionProducer: a new semaphore
  delete p.memoryOverReleased; // a new process: a new client and MemoryLimitController
  // The new process has no connection at all. Its `newProducer().create()` (Go: `CreateProducer`)
  // returns only once the first connection succeeded and seeded the sequence ids, so the workload
  // waits for that connect (enabled.ts), exactly as before the producer's very first send.
  delete ctx.w.channels[name];
}
