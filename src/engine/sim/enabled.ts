// `enabledActions(world)`: what can happen next, in a documented, stable order — by auto-policy
// class (see `ActionClass`), then oldest first (logical birth tick), then by key. The first entry
// is what `schedule: "auto"` takes.
import {
  linkOfProducer,
  REPLICATOR,
  type ReplicationLink,
  replicationLinks,
} from '../model/config';
import type { ExploreFaultKind } from '../model/faultPlan';
import { anyReadable, backlog } from '../protocol/PersistentReplicator';
import type { World } from '../model/world';
import { nextWorkloadItem, workloadKey } from '../protocol/application';
import { topicDown } from '../protocol/OwnershipChange';
import { trimPlan } from '../protocol/ManagedLedgerTrim';
import { connectionHead, connectionPeers } from '../protocol/ConnectionPool';
import { closeAnswered } from '../protocol/ProducerImplClose';
import {
  type Action,
  ActionClass,
  type EnabledAction,
  type FaultAction,
  faultKey,
} from './actions';
import { labelOf } from './context';
import { enabledStorage } from './storage';
import { applies, hasTrigger, planAction } from './faults';

export function enabledActions(w: World): EnabledAction[] {
  const out: EnabledAction[] = [];
  const add = (key: string, action: Action, cls: number, born: number) =>
    out.push({ key, action, cls, born });

  for (const name of producerNames(w)) {
    const p = w.producers[name]!;
    const ch = w.channels[name];
    if (ch?.open) {
      // Producers of one client share the TCP connection: its frames go in the order written.
      const req = ch.toBroker[0];
      if (req && connectionHead(w, name, 'toBroker'))
        add(
          `deliver:${p.name}->${ch.broker}:${labelOf(req.msgs)}`,
          { type: 'deliver-send', producer: p.name },
          ActionClass.request,
          req.born,
        );
      const res = ch.toClient[0];
      if (res && connectionHead(w, name, 'toClient'))
        add(
          `deliver:${ch.broker}->${p.name}:${res.kind === 'close-producer' ? 'CloseProducer' : res.msgs.join('+')}`,
          { type: 'deliver-response', producer: p.name },
          ActionClass.response,
          res.born,
        );
      // The broker's close task may have run before the receipt tasks still queued ahead of it
      // (CommandCloseProducer.ts closeProducer): CommandCloseProducer can also be read first.
      const close = ch.removed ? ch.toClient.find((f) => f.kind === 'close-producer') : undefined;
      if (close && close !== res)
        add(
          `deliver:${ch.broker}->${p.name}:CloseProducer`,
          { type: 'deliver-close', producer: p.name },
          ActionClass.response,
          close.born,
        );
      if (closeAnswered(w, p))
        add(
          `deliver:${ch.broker}->${p.name}:CloseProducerSuccess`,
          { type: 'close-answered', producer: p.name },
          ActionClass.response,
          ch.closedAt ?? 0,
        );
    }
    if (p.state === 'Connecting' && !p.closed && !lookupWaits(w, p.cluster, p.role, p.name))
      add(
        `connect:${p.name}`,
        { type: 'connect', producer: p.name },
        ActionClass.request,
        ch?.closedAt ?? 0,
      );
    if (p.batch.length > 0)
      add(
        `batch-timer:${p.name}`,
        { type: 'batch-timer', producer: p.name },
        ActionClass.batchTimer,
        p.batchBorn,
      );
  }
  for (const c of w.config.clusters) {
    const head = w.topics[c.name]!.pendingWrites[0];
    // With BookKeeper the write completes through bookie answers (see storage.ts), not in one step.
    if (head && !w.topics[c.name]!.bk)
      add(
        `persist:${c.name}:${labelOf(head.msgs)}`,
        { type: 'persist', cluster: c.name },
        ActionClass.persist,
        head.born,
      );
  }
  enabledStorage(w, add);
  const next = nextWorkloadItem(w);
  // `newProducer().create()` (Java) and `CreateProducer` (Go) return only once the first
  // connection succeeded, so an application cannot send before its producer's first connect.
  // While the application closes a producer (restart-producer on a shared client) it is blocked in close().
  if (
    next &&
    w.channels[next.item.producer] !== undefined &&
    w.producers[next.item.producer]!.state !== 'Closing'
  )
    add(workloadKey(next.item), { type: 'workload' }, ActionClass.workload, 0);
  // Each link's replicator reads on its own (`PersistentTopic.replicators`, one per remote cluster). The only link keeps its
  // key and action exactly as they were; with several, the key names the link.
  const stuck = out.length === 0;
  for (const l of replicationLinks(w.config))
    if (replicatorCanRead(w, l, stuck))
      add(
        `read:${l.key}`,
        l.key === REPLICATOR
          ? { type: 'replicator-read' }
          : { type: 'replicator-read', producer: l.key },
        ActionClass.replicatorRead,
        0,
      );

  addPlanFaults(w, add, out.length === 0);
  addExplorerFaults(w, add);

  const seen = new Set<string>();
  return out
    .sort(
      (a, b) => a.cls - b.cls || a.born - b.born || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .filter((a) => (seen.has(a.key) ? false : (seen.add(a.key), true)));
}

type Add = (key: string, action: Action, cls: number, born: number) => void;

/** Stable producer order: the scenario's, then the replicator's producer. */
export const producerNames = (w: World): string[] => [
  ...w.config.producers.map((p) => p.name),
  ...replicationLinks(w.config).map((l) => l.key),
];

/**
 * The replicator reads while it is started, its producer is connected, something is readable,
 * and — with `start: after-workload` — once the workload is done and the source producers idle,
 * or once nothing else can happen (`stuck`): an application send that never completes (a
 * NotAllowedError that `ProducerImpl.recoverNotAllowedError` ignored because another send was the
 * head) leaves its `await` waiting for ever, and a replicator (`PersistentReplicator.readMoreEntries`)
 * never waits for the source's producers. Review 18 (search x03): the gate held the reads back for
 * ever and `replication-progress` blamed replication for the application's stuck send.
 */
function replicatorCanRead(w: World, link: ReplicationLink, stuck: boolean): boolean {
  const repl = link.cfg;
  if (
    w.producers[link.key]!.state !== 'Ready' ||
    topicDown(w.topics[repl.from]!) ||
    !anyReadable(w, link)
  )
    return false;
  if (repl.start === 'immediately' || stuck) return true;
  const idle = w.config.producers.every(
    (p) =>
      w.producers[p.name]!.pendingMessages.length === 0 && w.producers[p.name]!.batch.length === 0,
  );
  return idle && nextWorkloadItem(w) === null;
}

/**
 * A producer's reconnect waits while its topic is down after a broker crash: the lookup
 * (`BinaryProtoLookupService.getBroker`) is answered once a broker has loaded the topic. The
 * replicator's producer also waits for its source topic: the replicator runs in the broker
 * serving it, and starts again once that topic is loaded.
 */
function lookupWaits(w: World, cluster: string, role: 'app' | 'replicator', name: string): boolean {
  if (topicDown(w.topics[cluster]!)) return true;
  return role === 'replicator' && topicDown(w.topics[linkOfProducer(w.config, name)!.cfg.from]!);
}

function addPlanFaults(w: World, add: Add, quiescent: boolean): void {
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
function addExplorerFaults(w: World, add: Add): void {
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
  if (kinds.has('persist-fails')) {
    for (const c of w.config.clusters)
      for (const m of w.topics[c.name]!.pendingWrites[0]?.msgs ?? [])
        offer({ kind: 'persist-fails', message: m.msg, cluster: c.name });
  }
  const names = producerNames(w);
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
