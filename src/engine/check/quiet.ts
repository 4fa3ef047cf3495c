// Why a quiescent run is quiet with something still undone. `endedBy: "quiescent"` says only that
// nothing more can happen; a run can be quiet because a fault never healed (a broken channel drops
// every send until its connection closes), because an application send waits for an answer that
// will never come, or because the application's next send blocks on a pending queue whose permits
// never come back (protocol/ProducerSemaphore.ts) or on its client's memory, which the sends
// holding it never give back (protocol/MemoryLimitController.ts). Pulsar stays stuck in each (the replicator's
// producer has no send timeout, and the model fires an application's send timeout only as a
// fault), so these are not violations: they are the run's end, said in words (review 18's "Left
// open"), with the cause the world shows for a stuck application send (check/stuck.ts).
import { replicationLinks } from '../model/config';
import { sendAsyncCall } from '../model/clientCalls';
import type { Channel } from '../model/connection';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { owed } from './progress';
import { stuckBecause } from './stuck';
import { nextWorkloadItem, permitsNeeded } from '../protocol/application';
import { permitHolders, sendWaits } from '../protocol/ProducerSemaphore';
import { inUse, memoryWaits } from '../protocol/MemoryLimitController';
import { contextExpiryTarget } from '../protocol/partitionProducerContextExpiry';

/** The messages a producer still waits on, in send order (a batch's or a chunked message's once). */
const pendingOf = (p: ProducerState): string[] => [
  ...new Set(p.pendingMessages.flatMap((op) => op.msgs.map((m) => m.msg))),
];

/** A channel the duplicate-frames fault left dropping every send, still open (the fault not healed). */
const dropping = (ch: Channel): boolean => ch.open && ch.broken?.mode === 'dropping';

/**
 * The broken channel's words (something is pending on it): what stays pending on it, why nothing fails it, and which action
 * would close the connection (`ClientCnx` closing is the only thing that ends the broken channel:
 * the producer then reconnects and resends on a new one).
 */
function brokenChannelNote(w: World, ch: Channel): string {
  const p = w.producers[ch.producer]!;
  const left = pendingOf(p);
  const held = `${left.join(', ')} ${left.length === 1 ? 'stays' : 'stay'} pending on it`;
  const nobody =
    p.role === 'replicator'
      ? "the replicator's producer has no send timeout (sendTimeout 0), so nothing fails them"
      : `nothing fails ${left.length === 1 ? 'it' : 'them'} but a send timeout (a \`send-timeout\` fault)`;
  const owes = replicationLinks(w.config).flatMap((l) => (l.key === p.name ? owed(w, l) : []));
  const judged =
    p.role === 'replicator' && owes.length > 0
      ? `; until then no replication stall is judged (liveness is judged once faults heal)`
      : '';
  return (
    `the broken channel of ${p.name} to ${ch.broker} (${ch.cluster}) still drops every send (a duplicate-frames fault that never healed): ` +
    `${held}, and ${nobody}. Closing that connection would heal it — a \`disconnect\` of ${p.name}, or an \`unload-topic\` of ${ch.cluster} ` +
    `(seed 002 unloads after { "when": "quiescent" })${judged}`
  );
}

/**
 * An application send still pending when nothing more can happen: its callback never runs. Java's
 * and Go's producers time a send out after 30 s by default (`ProducerImpl.run`,
 * `partitionProducer.failTimeoutMessages`); the model has no clock, so it fires that only as the
 * `send-timeout` fault, which the note suggests (docs/research/send-timeout.md). The note says why
 * nothing answers it, from what the world shows (`stuckBecause`).
 */
function stuckSendNote(w: World, p: ProducerState): string {
  const left = pendingOf(p);
  const sends = left.length === 1 ? `send of ${left[0]} is` : `sends of ${left.join(', ')} are`;
  return (
    `${p.name}'s ${sends} still pending and nothing more can happen: ${stuckBecause(w, p, left)}, so the application's ${left.length === 1 ? 'send never completes' : 'sends never complete'}. ` +
    `With its default send timeout (30 s in Java and Go) the client would fail ${left.length === 1 ? 'it' : 'them'} with a timeout; ` +
    `the model fires that only as a fault: add { "kind": "send-timeout", "message": "${left[0]}" } to the plan${contextWords(w, p.name, 'written')}`
  );
}

/**
 * A Go application waiting on `producer`'s send can also be ended by its context (the model's
 * `context-expired` fault, contextExpiryTarget): a Send(ctx) waiting for its result (`written`), or a
 * SendAsync blocked on permits or memory. Without it the note named only send-timeout, which does
 * not reach a send that is not in the pending queue yet. Each note names only its own wait.
 */
function contextWords(w: World, producer: string, wait: 'written' | 'blocked'): string {
  const t = contextExpiryTarget(w);
  if (!t || t.producer !== producer || (t.written ? 'written' : 'blocked') !== wait) return '';
  const ends = t.written
    ? 'Send(ctx) returns context deadline exceeded, the message still pending'
    : 'SendAsync gives up with ErrContextExpired';
  return `; if the application's context ends first, ${ends}: { "kind": "context-expired", "message": "${t.message}" }`;
}

/**
 * Why a run that ended quiescent is quiet with work undone, one sentence per cause: every broken
 * channel still dropping, then every application producer left waiting on a send (not one whose
 * broken channel already said so). Empty when the quiet is the work being done.
 */
export function quietNotes(w: World): string[] {
  const notes: string[] = [];
  const broken = new Set<string>();
  for (const ch of Object.values(w.channels)) {
    // Nothing pending on it: nothing is undone by it (yet), so nothing to say.
    if (!dropping(ch) || w.producers[ch.producer]!.pendingMessages.length === 0) continue;
    broken.add(ch.producer);
    notes.push(brokenChannelNote(w, ch));
  }
  for (const p of Object.values(w.producers)) {
    if (p.role !== 'app' || broken.has(p.name) || p.pendingMessages.length === 0) continue;
    notes.push(stuckSendNote(w, p));
  }
  const blocked = blockedSendNote(w) ?? blockedOnMemoryNote(w);
  if (blocked) notes.push(blocked);
  return notes;
}

/**
 * The application's next send waits for a permit that never comes back (ProducerSemaphore.ts): its
 * producer blocks if its queue is full, and the messages holding the permits never complete — or a
 * chunked Go message needs more permits than the queue has (pulsar-client-go#1448).
 */
function blockedSendNote(w: World): string | null {
  const next = nextWorkloadItem(w);
  const full = next ? sendWaits(w, next.item, permitsNeeded) : null;
  if (!next || next.item.kind !== 'send' || !full) return null;
  const p = w.producers[next.item.producer]!;
  const msg = next.item.msg;
  const holders = permitHolders(p);
  const by = holders.length > 0 ? ` by ${holders.join(', ')}` : '';
  const how =
    p.client === 'java'
      ? 'blockIfQueueFull: semaphore.acquire() in ProducerImpl.canEnqueueRequest'
      : 'DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore';
  // Go permits a failed chunked send kept (sendRequest.done releases one): nothing frees them.
  const lost = p.leakedPermits
    ? `, ${p.leakedPermits} of them never given back after a chunked send failed`
    : '';
  const held = `${full.held} ${full.held === 1 ? 'permit' : 'permits'} held${by}${lost}`;
  // More chunks than the queue has permits: no receipt can ever free enough, and the queue is not
  // full at all (nothing need be held), so the note says what is missing rather than who holds it.
  if (full.needed > full.max)
    return (
      `${p.name}'s send of ${msg} waits for permits and nothing more can happen: ${msg} needs ${full.needed} permits (one per chunk) and the pending queue has only ${full.max} (maxPendingMessages ${full.max}: ${held}), so ${p.name} blocks (${how}) for good, ` +
      `the application stays in ${sendAsyncCall(p.client)} and neither ${msg} nor anything after it in the workload is sent (pulsar-client-go#1448)${contextWords(w, p.name, 'blocked')}`
    );
  const never =
    holders.length === 0
      ? "no send holds them, so none ever comes back (sendRequest.done gave back one of each failed chunked send's permits)"
      : `the permits come back only when ${holders.length === 1 ? `${holders[0]}'s send completes` : 'those sends complete'} (a receipt, a failure or a send timeout)`;
  return (
    `${p.name}'s send of ${msg} waits for a permit and nothing more can happen: the pending queue is full (maxPendingMessages ${full.max}: ${held}) and ${p.name} blocks (${how}), ` +
    `so the application stays in ${sendAsyncCall(p.client)} and ${msg} is never sent; ${never}${contextWords(w, p.name, 'blocked')}`
  );
}

/**
 * The application's next send waits for its client's memory (MemoryLimitController.ts): the usage
 * is over the limit, and the sends holding the bytes — of any producer of the client — never
 * complete.
 */
function blockedOnMemoryNote(w: World): string | null {
  const next = nextWorkloadItem(w);
  const use = next ? memoryWaits(w, next.item, permitsNeeded) : null;
  if (!next || next.item.kind !== 'send' || !use) return null;
  const p = w.producers[next.item.producer]!;
  const msg = next.item.msg;
  const how =
    p.client === 'java'
      ? 'blockIfQueueFull: MemoryLimitController.reserveMemory in ProducerImpl.canEnqueueRequest'
      : 'DisableBlockIfQueueFull off: memoryLimitController.ReserveMemory in partitionProducer.reserveMem';
  const holders = use.holders.filter(([, b]) => b > 0).map(([m]) => m);
  const never = `the bytes come back only when ${holders.length === 1 ? `${holders[0]}'s send completes` : 'those sends complete'} (a receipt, a failure or a send timeout)`;
  return (
    `${p.name}'s send of ${msg} waits for memory and nothing more can happen: ${use.client}'s memory is over its limit (${inUse(use)}) and ${p.name} blocks (${how}), ` +
    `so the application stays in ${sendAsyncCall(p.client)} and ${msg} is never sent; ${never}${contextWords(w, p.name, 'blocked')}`
  );
}
