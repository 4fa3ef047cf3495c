// The fault half of `enabledActions`: a scenario's planned faults once they are due, and every
// placement of a fault the explorer's budget allows (`explore.faults`). Kept apart from what the
// world does by itself (enabled.ts) because a placement is the search's choice, not a rule of
// Pulsar's: each kind is offered only where it can change something.
import { linkOfProducer, producerNames } from '../model/config';
import type { ExploreFaultKind } from '../model/faultScope';
import type { World } from '../model/world';
import { backlog } from '../protocol/PersistentReplicator';
import { trimPlan } from '../protocol/ManagedLedgerTrim';
import { connectionPeers } from '../protocol/ConnectionPool';
import { type Action, ActionClass, type FaultAction, faultKey } from './actions';
import { applies } from './faults';
import { hasTrigger, planAction } from './faultTriggers';
import { ackedMessages } from './acks';
import { blockedSend } from '../protocol/partitionProducerContextExpiry';
import { waitingSend } from '../protocol/partitionProducerSend';

type Add = (key: string, action: Action, cls: number, born: number) => void;

/**
 * The scenario's planned faults: each is offered once due — at once without a trigger, else once
 * its trigger armed or, for `{ "when": "quiescent" }`, once nothing else can happen — and while it
 * applies.
 */
export function addPlanFaults(w: World, add: Add, quiescent: boolean): void {
  w.config.faults.forEach((spec, i) => {
    const rt = w.plan[i]!;
    const f = planAction(spec);
    if (!f || rt.spent) return;
    const due = hasTrigger(spec) ? rt.armed || ('when' in spec.after && quiescent) : true;
    if (due && applies(w, f)) {
      add(faultKey(f), { type: 'fault', fault: f, plan: i }, ActionClass.planFault, i);
    }
  });
}

/** Every placement of the kinds the explorer may use, while its budget lasts. */
export function addExplorerFaults(w: World, add: Add): void {
  const ex = w.config.faultBudget;
  if (!ex || w.faultsUsed >= ex.max) return;
  const offer = (f: FaultAction) => {
    if (applies(w, f))
      add(faultKey(f), { type: 'fault', fault: f, plan: null }, ActionClass.exploreFault, 0);
  };
  const kinds = new Set<ExploreFaultKind>(ex.kinds);
  const inFlight = new Map<string, string>();
  const receipts = new Map<string, string>();
  for (const ch of Object.values(w.channels)) {
    if (!ch.open) continue;
    for (const f of ch.toBroker)
      for (const m of f.msgs) inFlight.set(`${m.msg}@${ch.cluster}`, ch.cluster);
    for (const r of ch.toClient)
      if (r.kind === 'receipt')
        for (const m of r.msgs) receipts.set(`${m}@${ch.cluster}`, ch.cluster);
  }
  for (const [k, cluster] of inFlight) {
    const message = k.slice(0, k.lastIndexOf('@'));
    if (kinds.has('checksum-error') || kinds.has('checksum-error:corrupted'))
      offer({ kind: 'checksum-error', message, cluster, localBufferCorrupted: true });
    if (kinds.has('checksum-error') || kinds.has('checksum-error:intact'))
      offer({ kind: 'checksum-error', message, cluster, localBufferCorrupted: false });
    if (kinds.has('not-allowed')) offer({ kind: 'not-allowed', message, cluster, times: -1 });
  }
  if (kinds.has('lose-receipt'))
    for (const [k, cluster] of receipts)
      offer({ kind: 'lose-receipt', message: k.slice(0, k.lastIndexOf('@')), cluster });
  if (kinds.has('lose-ack'))
    for (const c of w.config.clusters)
      for (const s of Object.values(w.topics[c.name]!.subscriptions))
        for (const message of ackedMessages(w, c.name, s.name))
          offer({ kind: 'lose-ack', message, cluster: c.name, subscription: s.name });
  if (kinds.has('persist-fails')) {
    for (const c of w.config.clusters)
      for (const m of w.topics[c.name]!.pendingWrites[0]?.msgs ?? [])
        offer({ kind: 'persist-fails', message: m.msg, cluster: c.name });
  }
  const names = producerNames(w.config);
  for (const name of names) {
    // A network drop is one fault per TCP connection, however many producers ride it: it is
    // placed under the name of the connection's first producer (in the scenario's order).
    if (
      kinds.has('disconnect') &&
      !connectionPeers(w, name).some((n) => names.indexOf(n) < names.indexOf(name))
    )
      offer({ kind: 'disconnect', producer: name });
    if (kinds.has('duplicate-frames'))
      for (let n = 2; n <= sendsAhead(w, name); n++)
        offer({ kind: 'duplicate-frames', producer: name, atSend: n });
    if (kinds.has('restart-producer') && !linkOfProducer(w.config, name))
      offer({ kind: 'restart-producer', producer: name });
  }
  if (kinds.has('send-timeout')) {
    // Java's timer fails the whole queue and the open batch whichever message expired: the oldest
    // (the queue's head, else the batch's first) stands for all of it. Go's fails the items up to
    // the expired one: each item is a placement of its own.
    for (const pc of w.config.producers) {
      const p = w.producers[pc.name]!;
      // An item is named by its first message and, when an earlier item holds that message too (a
      // retry sent while the first send is pending), by which of them it is: M1#2.
      if (p.client === 'go')
        p.pendingMessages.forEach((op, i) => {
          const message = op.msgs[0]!.msg;
          const nth = p.pendingMessages
            .slice(0, i + 1)
            .filter((o) => o.msgs.some((m) => m.msg === message)).length;
          offer(
            nth > 1 ? { kind: 'send-timeout', message, nth } : { kind: 'send-timeout', message },
          );
        });
      else {
        const oldest = p.pendingMessages[0]?.msgs[0] ?? p.batch[0];
        if (oldest) offer({ kind: 'send-timeout', message: oldest.msg });
      }
    }
  }
  // The application's one blocked send (the workload is one thread): its context may end now.
  if (kinds.has('context-expired')) {
    const b = blockedSend(w);
    if (b) offer({ kind: 'context-expired', message: b.item.msg });
    // Or its Send(ctx) handed over, waiting for the result (one thread: never both at once).
    const s = b ? null : waitingSend(w);
    if (s) offer({ kind: 'context-expired', message: s.msg });
  }
  if (kinds.has('unload-topic'))
    for (const c of w.config.clusters) offer({ kind: 'unload-topic', cluster: c.name });
  if (kinds.has('unload-topic:topic'))
    for (const c of w.config.clusters)
      offer({ kind: 'unload-topic', cluster: c.name, scope: 'topic' });
  // An operator's policy change: the explorer only flips it (setting what the topic already has does nothing).
  if (kinds.has('set-deduplication'))
    for (const c of w.config.clusters)
      offer({
        kind: 'set-deduplication',
        cluster: c.name,
        enabled: !w.topics[c.name]!.dedup.enabled,
      });
  if (kinds.has('expire-messages'))
    for (const c of w.config.clusters) offer({ kind: 'expire-messages', cluster: c.name });
  // Placed only where it deletes something: a trim every cursor holds leaves the world as it was.
  if (kinds.has('trim-topic'))
    for (const c of w.config.clusters)
      if (trimPlan(w, w.topics[c.name]!).deletes.length > 0)
        offer({ kind: 'trim-topic', cluster: c.name });
  if (kinds.has('ownership-change'))
    for (const c of w.config.clusters)
      for (const b of c.brokers) offer({ kind: 'ownership-change', cluster: c.name, to: b });
  if (kinds.has('restart-broker')) {
    // The serving broker restarts and loads the topic again, or (with bookies) any other broker of
    // the cluster loads it. On abstract storage another broker's load is the same story under
    // another name (storage is not per broker), so only the restart is placed.
    for (const c of w.config.clusters) {
      offer({ kind: 'restart-broker', cluster: c.name, to: null });
      if (c.bookies.length > 0)
        for (const b of c.brokers)
          if (b !== w.topics[c.name]!.owner)
            offer({ kind: 'restart-broker', cluster: c.name, to: b });
    }
  }
  if (kinds.has('restart-bookie')) {
    // Placed while something is in flight to or from the bookie: with nothing in flight a restart
    // loses nothing and leaves the world as it was (its journal keeps everything), so it is not
    // a placement worth a fault of the budget.
    for (const c of w.config.clusters) {
      const bk = w.topics[c.name]!.bk;
      if (bk)
        for (const b of c.bookies)
          if (bk.requests.some((r) => r.to === b) || bk.answers.some((a) => a.from === b))
            offer({ kind: 'restart-bookie', bookie: b });
    }
  }
  // slow-bookie only reorders answers, and the search already tries every order: nothing to place.
}

/**
 * How many sends a producer's channel may still carry (bounds where a duplicate-frames fault can
 * strike): the replicator's backlog, or the sends left in the producer's workload.
 */
function sendsAhead(w: World, name: string): number {
  const link = linkOfProducer(w.config, name);
  if (link) return backlog(w, link).length;
  return w.config.workload
    .slice(w.workloadPos)
    .filter((i) => i.kind === 'send' && i.producer === name).length;
}
