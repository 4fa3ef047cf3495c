// Faults are ordinary actions. A plan's per-message fault is enabled (and due at once) while the
// thing it hits is there: a send of that message in flight to that cluster, its receipt in flight,
// its write pending. A plan's topology fault is due once its trigger fired. The explorer places
// faults of the allowed kinds wherever they apply, within its budget.
import type { FaultSpec, Trigger } from '../model/config';
import { ev, type SimEvent } from '../model/events';
import { freshProducerSession, frozen, type TopicState, type World } from '../model/world';
import { closeConnection } from '../protocol/ClientCnx';
import { addFailed } from '../protocol/PersistentTopic';
import { restartBroker, unloadTopic } from '../protocol/BrokerService';
import { startTakeover } from '../protocol/OwnershipChange';
import { bookieRestarts } from '../protocol/BookieImpl';
import { bookieConnectionClosed } from '../protocol/ManagedLedgerImpl';
import type { BkState } from '../model/bookkeeper';
import { completeOpFailure, unsentOp } from '../protocol/SendCallback';
import { sendTimeoutJava } from '../protocol/ProducerImpl';
import { failTimeoutMessages } from '../protocol/partitionProducer';
import type { FaultAction } from './actions';
import type { Ctx } from './context';

const inFlightTo = (w: World, msg: string, cluster: string) =>
  Object.values(w.channels).filter((ch) => ch.open && ch.cluster === cluster).flatMap((ch) => ch.toBroker).find((f) => !f.corrupted && f.msgs.some((m) => m.msg === msg));

const receiptInFlight = (w: World, msg: string, cluster: string) =>
  Object.values(w.channels).some((ch) => ch.open && ch.cluster === cluster && ch.toClient.some((f) => f.kind === 'receipt' && f.msgs.includes(msg)));

/**
 * The application producer whose send timer a send-timeout fault on `msg` fires: the one whose
 * pending queue holds it (Java pendingMessages, Go pendingQueue), or, for Java, whose open batch
 * does — `ProducerImpl.run` times the batch container's first message when the queue is empty (Go's
 * `failTimeoutMessages` looks at the pending queue only). Never the replicator's (sendTimeout 0).
 */
const timingOut = (w: World, msg: string) =>
  Object.values(w.producers).find(
    (p) =>
      p.role === 'app' &&
      (p.pendingMessages.some((op) => op.msgs.some((m) => m.msg === msg)) || (p.client === 'java' && p.batch.some((m) => m.msg === msg))),
  );

/** Can this fault act on the world now? */
export function applies(w: World, f: FaultAction): boolean {
  switch (f.kind) {
    case 'checksum-error':
      return inFlightTo(w, f.message, f.cluster) !== undefined;
    case 'not-allowed':
      return inFlightTo(w, f.message, f.cluster) !== undefined && w.notAllowed[`${f.message}@${f.cluster}`] === undefined;
    case 'lose-receipt':
      return receiptInFlight(w, f.message, f.cluster);
    case 'persist-fails':
      // Abstract storage only: with bookies, writes fail through BookKeeper's own answers.
      return (w.topics[f.cluster]?.bk === null && w.topics[f.cluster]?.pendingWrites[0]?.msgs.some((m) => m.msg === f.message)) ?? false;
    case 'disconnect':
      return w.channels[f.producer]?.open ?? false;
    case 'restart-producer':
      return w.producers[f.producer]?.role === 'app';
    case 'send-timeout':
      return timingOut(w, f.message) !== undefined;
    case 'unload-topic':
    case 'restart-broker': {
      // With bookies, while one broker serves the topic: not while another is loading it (an
      // ownership change, or the load after an earlier crash — there is no serving process to
      // unload or kill, and the loading broker's own crash is not modelled) nor once its managed
      // ledger fenced itself — that topic is closing already and its clients are moving.
      const t = w.topics[f.cluster];
      if (!t) return false;
      return t.bk === null || (t.bk.takeover === null && t.bk.ml.state !== 'Fenced' && t.bk.metadata.owner === t.owner);
    }
    case 'restart-bookie': {
      // Any time, in each cluster that lists the bookie — but not while a fencing read to it or its
      // answer is in flight: a fencing read with a failed bookie (`ReadLastConfirmedOp` counting an
      // error answer, recovery retried) is not modelled.
      const topics = bookieClusters(w, f.bookie);
      return topics.length > 0 && topics.every((t) => t.bk !== null && !fenceInFlight(t.bk, f.bookie));
    }
    case 'ownership-change': {
      // The flap needs a ledger to recover and a broker that is not serving the topic.
      const t = w.topics[f.cluster];
      return t?.bk != null && t.bk.takeover === null && t.owner !== f.to && t.bk.metadata.owner !== f.to;
    }
    case 'duplicate-frames': {
      const ch = w.channels[f.producer];
      return ch !== undefined && ch.open && ch.broken === null;
    }
  }
}

/** The action a plan entry stands for (per-message kinds and topology kinds alike). */
export function planAction(spec: FaultSpec): FaultAction | null {
  switch (spec.kind) {
    case 'checksum-error':
      return { kind: spec.kind, message: spec.message, cluster: spec.cluster, localBufferCorrupted: spec.localBufferCorrupted };
    case 'not-allowed':
      return { kind: spec.kind, message: spec.message, cluster: spec.cluster, times: spec.times };
    case 'lose-receipt':
    case 'persist-fails':
      return { kind: spec.kind, message: spec.message, cluster: spec.cluster };
    case 'disconnect':
    case 'restart-producer':
      return { kind: spec.kind, producer: spec.producer };
    case 'send-timeout':
      return { kind: spec.kind, message: spec.message };
    case 'unload-topic':
      return { kind: spec.kind, cluster: spec.cluster };
    case 'ownership-change':
      return { kind: spec.kind, cluster: spec.cluster, to: spec.to };
    case 'restart-broker':
      return { kind: spec.kind, cluster: spec.cluster, to: spec.to };
    case 'restart-bookie':
      return { kind: spec.kind, bookie: spec.bookie };
    case 'slow-bookie':
      return null; // a property of the bookie's answers: they are held back (class heldBack)
    case 'duplicate-frames':
      return null; // a channel behaviour, not a step
  }
}

export const hasTrigger = (spec: FaultSpec): spec is FaultSpec & { readonly after: Trigger } => 'after' in spec && spec.after !== undefined;

const EVENT_OF: Record<string, SimEvent['kind']> = { sent: 'write', received: 'receive', persisted: 'persist', acked: 'complete' };

/** After a step: arm plan faults whose trigger fired during it. */
export function armTriggers(w: World, events: readonly SimEvent[]): void {
  w.config.faults.forEach((spec, i) => {
    const rt = w.plan[i];
    if (!rt || rt.armed || rt.spent || !hasTrigger(spec)) return;
    const t = spec.after;
    if ('when' in t) return; // quiescence is judged by enabledActions
    if ('step' in t) rt.armed = w.stepCount >= t.step;
    else rt.armed = events.some((e) => e.kind === EVENT_OF[t.event] && e.msgs.includes(t.message) && (t.cluster === undefined || e.cluster === t.cluster));
  });
}

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
      if (at >= 0 && f.localBufferCorrupted) ops[at] = frozen({ ...ops[at]!, localBufferCorrupted: true });
      const where = f.localBufferCorrupted ? 'local buffer corrupted' : 'corrupted on the wire, local copy intact';
      ctx.events.push(ev('fault', ch.producer, `checksum-error on ${f.message} (${where})`, [f.message], { cluster: f.cluster }));
      return;
    }
    case 'not-allowed':
      w.notAllowed[`${f.message}@${f.cluster}`] = f.times;
      ctx.events.push(ev('fault', w.topics[f.cluster]!.owner, `${f.message} exceeds a topic policy at ${f.cluster}: NotAllowedError`, [f.message], { cluster: f.cluster }));
      return;
    case 'lose-receipt': {
      const ch = Object.values(w.channels).find((c) => c.open && c.cluster === f.cluster && c.toClient.some((r) => r.kind === 'receipt' && r.msgs.includes(f.message)))!;
      ctx.events.push(ev('fault', ch.broker, `connection drops before ${f.message}'s receipt arrives`, [f.message], { cluster: f.cluster }));
      closeConnection(ctx, w.producers[ch.producer]!, 'lose-receipt fault', 'fault:lose-receipt');
      return;
    }
    case 'persist-fails': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(ev('fault', topic.owner, `ledger write of ${f.message} fails`, [f.message], { cluster: f.cluster }));
      addFailed(ctx, topic, (cluster, reason) => {
        for (const p of Object.values(w.producers)) if (p.cluster === cluster) closeConnection(ctx, p, reason, 'PersistentTopic.addFailed:disconnect-producers');
      });
      return;
    }
    case 'disconnect':
      ctx.events.push(ev('fault', f.producer, 'disconnect', [], {}));
      closeConnection(ctx, w.producers[f.producer]!, 'disconnect fault', 'fault:disconnect');
      return;
    case 'restart-producer':
      restartProducer(ctx, f.producer);
      return;
    case 'send-timeout': {
      const p = timingOut(w, f.message)!;
      ctx.events.push(ev('fault', p.name, `send timeout: ${f.message} has waited longer than sendTimeoutMs`, [f.message], { cluster: p.cluster }));
      if (p.client === 'java') sendTimeoutJava(ctx, p);
      else failTimeoutMessages(ctx, p, f.message);
      return;
    }
    case 'unload-topic':
      unloadTopic(ctx, f.cluster);
      return;
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
      ch.broken = { plan: null, atSend: ch.sends + f.atSend, frames: null, cache: [], mode: 'caching' };
      ctx.events.push(ev('fault', f.producer, `the channel breaks: its send #${f.atSend} from now will re-write the frames sent before it, then it drops every send`, [], {}));
      return;
    }
  }
}

/** The topics whose cluster lists `bookie` (with BookKeeper state). */
const bookieClusters = (w: World, bookie: string): TopicState[] => w.config.clusters.filter((c) => c.bookies.includes(bookie)).map((c) => w.topics[c.name]!);
const fenceInFlight = (bk: BkState, bookie: string): boolean => bk.requests.some((r) => r.kind === 'fence' && r.to === bookie) || bk.answers.some((a) => a.kind === 'fence' && a.from === bookie);

/**
 * A bookie's process dies and comes back in one step (docs/research/restart-bookie.md): what was in
 * flight to and from it is lost, what it journaled stays (`bookieRestarts`), and the broker writing
 * the topic sees its connection close (`bookieConnectionClosed`).
 */
function restartBookie(ctx: Ctx, bookie: string): void {
  for (const topic of bookieClusters(ctx.w, bookie)) {
    const bk = topic.bk!;
    const lost = bookieRestarts(bk, bookie);
    const what = [lost.requests > 0 ? `${lost.requests} request${lost.requests === 1 ? '' : 's'} to it` : '', lost.answers > 0 ? `${lost.answers} answer${lost.answers === 1 ? '' : 's'} from it` : ''].filter(Boolean).join(' and ');
    const kept = Object.entries(bk.bookies[bookie]!.ledgers).map(([l, x]) => `${x.entries.map((e) => `${l}:${e}`).join(', ') || `ledger ${l}: nothing`}${x.fenced ? ` (ledger ${l} fenced)` : ''}`).join('; ');
    ctx.events.push(ev('fault', bookie, `${bookie} crashes and restarts: ${what ? `${what} lost` : 'nothing in flight'}; its journal keeps ${kept || 'nothing'}`, [], { cluster: topic.cluster, rule: 'BookieImpl.readJournal' }));
    bookieConnectionClosed(ctx, topic, bookie);
  }
}

/** The producer's process restarts: a new ProducerImpl with nothing pending and fresh counters. */
function restartProducer(ctx: Ctx, name: string): void {
  const p = ctx.w.producers[name]!;
  ctx.events.push(ev('fault', name, 'producer process restarts: pending sends are lost', [], { cluster: p.cluster }));
  closeConnection(ctx, p, 'producer restarted', 'fault:restart-producer');
  const lost = [...p.pendingMessages, ...(p.batch.length ? [unsentOp(p.batch)] : [])];
  for (const op of lost) completeOpFailure(ctx, p, op, 'producer restarted', 'fault:restart-producer');
  Object.assign(p, { instance: p.instance + 1, ...freshProducerSession() });
  // The new process has no connection at all. Its `newProducer().create()` (Go: `CreateProducer`)
  // returns only once the first connection succeeded and seeded the sequence ids, so the workload
  // waits for that connect (enabled.ts), exactly as before the producer's very first send.
  delete ctx.w.channels[name];
}
