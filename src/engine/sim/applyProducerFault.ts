// What a fault on a producer's client does once it acts: the network dropping its connection
// (`ConnectionPool`, `ClientCnx.channelInactive`), the application restarting it (a new
// `ProducerImpl`, or `close()` and `create()` on a shared client), its send timer firing (Java
// `ProducerImpl.run` → `failPendingMessages`, Go `partitionProducer.failTimeoutMessages`) and a Go
// application's context ending (`partitionProducer`'s blocked send). Apart from applyFault.ts
// because these kinds call only the client's rules; when they can act is producerFaults.ts.
import { ev } from '../model/events';
import { freshProducerSession } from '../model/producer';
import { closeConnection } from '../protocol/ClientCnx';
import { connectionPeers, dropConnection, pulsarClientOf } from '../protocol/ConnectionPool';
import { closeProducerByApplication } from '../protocol/ProducerImplClose';
import { completeOpFailure, unsentOp } from '../protocol/SendCallback';
import { sendTimeoutJava } from '../protocol/ProducerImpl';
import { failTimeoutMessages } from '../protocol/partitionProducerSendTimeout';
import { blockedSend, expireContext } from '../protocol/partitionProducerContextExpiry';
import { sendReturnsContextErr, waitingSend } from '../protocol/partitionProducerSend';
import type { Ctx } from './context';
import { type ProducerFault, timingOut } from './producerFaults';

export function applyProducerFault(ctx: Ctx, f: ProducerFault): void {
  const w = ctx.w;
  switch (f.kind) {
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
