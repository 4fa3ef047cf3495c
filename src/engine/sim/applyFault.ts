// What a fault does once it acts (`applyFault`): the fault's own event, then the Pulsar or
// BookKeeper rule it sets off — a connection closing, a topic unloading, a broker or bookie process
// restarting. Its own file, apart from when a fault applies (faults.ts), because this is the one
// place the simulator calls into the protocol handlers for a fault; faults.ts only reads the world,
// and enabledActions and the explorer depend on that alone. This file keeps the dispatch and the
// per-message kinds (a frame, receipt, write or CommandAck in flight, a breaking channel); a
// client's kinds are in applyProducerFault.ts, a topic's, its broker's and its bookies' in
// applyTopicFault.ts.
import { answeredLabel } from '../model/connection';
import { ev } from '../model/events';
import { frozen } from '../model/world';
import { disconnectProducersOf } from '../protocol/CommandCloseProducer';
import { dropConnection } from '../protocol/ConnectionPool';
import { addFailed } from '../protocol/PersistentTopicAddEntry';
import type { FaultAction } from './actions';
import { loseAck } from './acks';
import type { Ctx } from './context';
import { inFlightTo } from './faults';
import { applyProducerFault } from './applyProducerFault';
import { applyTopicFault } from './applyTopicFault';

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
    case 'disconnect':
    case 'restart-producer':
    case 'send-timeout':
    case 'context-expired':
      applyProducerFault(ctx, f);
      return;
    case 'unload-topic':
    case 'set-deduplication':
    case 'expire-messages':
    case 'trim-topic':
    case 'ownership-change':
    case 'restart-broker':
    case 'restart-bookie':
      applyTopicFault(ctx, f);
      return;
  }
}
