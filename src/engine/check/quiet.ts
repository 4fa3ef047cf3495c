// Why a quiescent run is quiet with something still undone. `endedBy: "quiescent"` says only that
// nothing more can happen; a run can be quiet because a fault never healed (a broken channel drops
// every send until its connection closes), because an application send waits for an answer that
// will never come, or because the application's next send blocks on a pending queue whose permits
// never come back (protocol/ProducerSemaphore.ts) or on its client's memory, which the sends
// holding it never give back (protocol/MemoryLimitController.ts). Pulsar stays stuck in each (the replicator's
// producer has no send timeout, and the model fires an application's send timeout only as a
// fault), so these are not violations: they are the run's end, said in words (review 18's "Left
// open"), with the cause the world shows for a stuck application send (check/stuck.ts), and the
// faults that would end each wait as data (check/endNote.ts), printed in the words.
import { replicationLinks } from '../model/config';
import type { Channel } from '../model/connection';
import type { FaultSpec } from '../model/faultPlan';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { AT_QUIET_END, contextOffer, faultText, type EndNote } from './endNote';
import { owed } from './progress';
import { blockedOnMemoryNote, blockedSendNote } from './quietBlocked';
import { stuckBecause } from './stuck';

export type { EndNote } from './endNote';

/** The messages a producer still waits on, in send order (a batch's or a chunked message's once). */
const pendingOf = (p: ProducerState): string[] => [
  ...new Set(p.pendingMessages.flatMap((op) => op.msgs.map((m) => m.msg))),
];

/** A channel the duplicate-frames fault left dropping every send, still open (the fault not healed). */
const dropping = (ch: Channel): boolean => ch.open && ch.broken?.mode === 'dropping';

/**
 * The broken channel's words (something is pending on it): what stays pending on it, why nothing fails it, and which action
 * would close the connection (`ClientCnx` closing is the only thing that ends the broken channel:
 * the producer then reconnects and resends on a new one) — both offered as faults at the quiet end.
 */
function brokenChannelNote(w: World, ch: Channel): EndNote {
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
  const disconnect = { kind: 'disconnect', producer: p.name, after: AT_QUIET_END } as const;
  const unload = { kind: 'unload-topic', cluster: ch.cluster, after: AT_QUIET_END } as const;
  return {
    text:
      `the broken channel of ${p.name} to ${ch.broker} (${ch.cluster}) still drops every send (a duplicate-frames fault that never healed): ` +
      `${held}, and ${nobody}. Closing that connection would heal it — a \`${disconnect.kind}\` of ${disconnect.producer}, or an \`${unload.kind}\` of ${unload.cluster} ` +
      `(seed 002 unloads after ${faultText(unload.after)})${judged}`,
    faults: [disconnect, unload],
  };
}

/**
 * An application send still pending when nothing more can happen: its callback never runs. Java's
 * and Go's producers time a send out after 30 s by default (`ProducerImpl.run`,
 * `partitionProducer.failTimeoutMessages`); the model has no clock, so it fires that only as the
 * `send-timeout` fault, which the note suggests (docs/research/send-timeout.md). The note says why
 * nothing answers it, from what the world shows (`stuckBecause`).
 */
function stuckSendNote(w: World, p: ProducerState): EndNote {
  const left = pendingOf(p);
  const sends = left.length === 1 ? `send of ${left[0]} is` : `sends of ${left.join(', ')} are`;
  const timeout: FaultSpec = { kind: 'send-timeout', message: left[0]! };
  const context = contextOffer(w, p.name, 'written');
  return {
    text:
      `${p.name}'s ${sends} still pending and nothing more can happen: ${stuckBecause(w, p, left)}, so the application's ${left.length === 1 ? 'send never completes' : 'sends never complete'}. ` +
      `With its default send timeout (30 s in Java and Go) the client would fail ${left.length === 1 ? 'it' : 'them'} with a timeout; ` +
      `the model fires that only as a fault: add ${faultText(timeout)} to the plan${context.words}`,
    faults: [timeout, ...context.faults],
  };
}

/**
 * Why a run that ended quiescent is quiet with work undone, one note per cause: every broken
 * channel still dropping, then every application producer left waiting on a send (not one whose
 * broken channel already said so). Empty when the quiet is the work being done.
 */
export function quietNotes(w: World): EndNote[] {
  const notes: EndNote[] = [];
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
