// Another broker takes the topic (the metadata session flap of seed 001): it loads the topic with
// `ManagedLedgerImpl.initialize` while the old owner still believes it owns it. Loading reads the
// ledger list (and its version), opens the last ledger *with recovery* (`LedgerOpenOp` →
// `LedgerRecoveryOp`: mark it IN_RECOVERY, fence it on every bookie of its ensemble, read what they
// hold, close it at the last entry found), records that count, creates a new ledger and
// compare-and-sets the ledger list at the version it read. BadVersion fails the load (not retried
// within a run). The fencing read (`ReadLastConfirmedOp`) completes as soon as the answers cover
// every write set; recovery then reads forward from those answers (`recoverForward`) and closes.
// Fencing answers that arrive later are ignored: the bookies are fenced all the same.
import { entriesText, ev } from '../model/events';
import type { BkAnswer } from '../model/bookkeeper';
import { frozen, type StoredEntry, type TopicState } from '../model/world';
import { type Ctx, tick } from '../sim/context';
import { replayCursor } from './MessageDeduplication';
import { openClosedLedger } from './LedgerHandle';
import { recoverForward, uncoveredWriteSet } from './LedgerRecoveryOp';
import { createLedgerAndWriteList, listText } from './ManagedLedgerImpl';
import { restartReplicator } from './PersistentReplicator';

/**
 * `broker` loads the topic (`ManagedLedgerImpl.initialize`): the metadata store names it owner and
 * it opens the last ledger with recovery. `crashed`: the broker whose process died (restart-broker)
 * — then no old owner still believes it owns the topic, and nothing it started will complete.
 */
export function startTakeover(ctx: Ctx, topic: TopicState, broker: string, crashed?: string): void {
  const bk = topic.bk!;
  bk.metadata.owner = broker;
  const last = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  const meta = bk.ledgerMeta[last.id]!;
  if (meta.state === 'OPEN') meta.state = 'IN_RECOVERY';
  bk.takeover = { broker, state: 'recovering', readVersion: bk.metadata.version, ledgers: bk.metadata.ledgers.map((l) => ({ ...l })), recovering: last.id, answered: [], holds: {}, recoveredLast: -1, reason: '', ...(crashed === undefined ? {} : { crashed }) };
  if (crashed === undefined) ctx.events.push(ev('fault', 'metadata-store', `ownership of the topic moves to ${broker}; ${topic.owner} still believes it owns it`, [], { cluster: topic.cluster, rule: 'NamespaceService.ownership' }));
  else ctx.events.push(ev('log', 'metadata-store', `${crashed}'s ownership ended with its session: ${broker === crashed ? `${broker}, restarted,` : broker} acquires the topic on the next lookup`, [], { cluster: topic.cluster, rule: 'NamespaceService.ownership' }));
  const why = crashed === undefined ? '' : ' (never closed: its writer died)';
  ctx.events.push(ev('log', broker, `load topic: ledger list read at version ${bk.metadata.version}; open ledger ${last.id} with recovery${why}`, [], { rule: 'ManagedLedgerImpl.initialize' }));
  for (const b of meta.ensemble) bk.requests.push(frozen({ from: broker, to: b, kind: 'fence', ledgerId: last.id, entryId: -1, born: tick(ctx.w) }));
}

/**
 * No topic instance serves the topic: its broker crashed and the load that replaces it has not
 * completed. Clients' lookups wait for the load (no connect), consumers and the replicator of a
 * source topic wait too.
 */
export const topicDown = (topic: TopicState): boolean => topic.bk?.takeover?.crashed !== undefined;

/**
 * A fencing read's answer reached the recovering broker (`ReadLastConfirmedOp.readEntryComplete`):
 * record what the bookie holds; once the answers cover every write set the read is complete and
 * recovery reads forward (`LedgerRecoveryOp.doRecoveryRead`) and closes the ledger.
 */
export function fenceAnswer(ctx: Ctx, topic: TopicState, a: BkAnswer): void {
  const bk = topic.bk!;
  const t = bk.takeover!;
  const meta = bk.ledgerMeta[t.recovering]!;
  t.answered.push(a.from);
  t.holds[a.from] = a.holds;
  const read = recoverForward(bk, meta.ensemble, t.holds, meta.currentFrom ?? 0);
  t.recoveredLast = read.last;
  const of = `${t.answered.length} of ${meta.ensemble.length} bookies`;
  const short = uncoveredWriteSet(bk, meta.ensemble, t.answered);
  if (short) {
    const open = short.filter((b) => !t.answered.includes(b)).length;
    ctx.events.push(ev('log', t.broker, `recovery of ledger ${t.recovering}: ${of} answered the fencing read; write set ${short.join(', ')} has ${open} unanswered, not fewer than ack quorum ${bk.ackQuorum}: waits`, [], { rule: 'ReadLastConfirmedOp.readEntryComplete:not-covered' }));
    return;
  }
  ctx.events.push(ev('log', t.broker, `fencing read of ledger ${t.recovering} complete: ${of} (${t.answered.join(', ')}) cover every write set`, [], { rule: 'ReadLastConfirmedOp.readEntryComplete:covered' }));
  // Covered, every write set has W − A + 1 answers, so no recovery read is left undecided
  // (`read.waiting` is null: tests/scenarios/recovery-coverage.test.ts checks every shape).
  if (meta.state !== 'CLOSED') {
    meta.state = 'CLOSED';
    meta.lastEntryId = t.recoveredLast;
  }
  t.ledgers.find((l) => l.id === t.recovering)!.entries = meta.lastEntryId + 1;
  t.state = 'writing-metadata';
  ctx.events.push(ev('log', t.broker, `recovery closed ledger ${t.recovering} with ${entriesText(meta.lastEntryId + 1)}`, [], { to: 'metadata-store', rule: 'LedgerRecoveryOp.closeRecovered' }));
  // Fencing answers still on their way change nothing now (`ReadLastConfirmedOp.readEntryComplete`
  // once `completed`): ignored here rather than delivered, as `bookieReceive` does for later ones.
  const late = bk.answers.filter((x) => x.kind === 'fence' && x.to === t.broker);
  if (late.length > 0) {
    bk.answers = bk.answers.filter((x) => !late.includes(x));
    ctx.events.push(ev('log', t.broker, `fencing answers of ${late.map((x) => x.from).join(', ')} still in flight: ignored, the read already completed`, [], { rule: 'ReadLastConfirmedOp.readEntryComplete:completed' }));
  }
}

/** `initializeBookKeeper`: new ledger + CAS of the ledger list at the version read on load. */
export function takeoverWrite(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const t = bk.takeover!;
  const md = bk.metadata;
  if (md.version !== t.readVersion) {
    t.state = 'failed';
    t.reason = `BadVersion: read at ${t.readVersion}, store at ${md.version}`;
    ctx.events.push(ev('log', t.broker, `ledger list write: BadVersion (read at ${t.readVersion}, store at ${md.version}): topic load fails`, [], { to: 'metadata-store', rule: 'ManagedLedgerImpl.initializeBookKeeper:bad-version' }));
    return;
  }
  t.ledgers = createLedgerAndWriteList(bk, t.ledgers);
  t.state = 'loaded';
  ctx.events.push(ev('log', t.broker, `ledger list [${listText(bk.metadata.ledgers)}] written (version ${md.version}): topic loaded`, [], { to: 'metadata-store', rule: 'ManagedLedgerImpl.initializeBookKeeper' }));
  // The old owner's managed ledger may already have fenced itself, or its broker crashed: either
  // way no old instance holds the clients, and they come over now.
  if (bk.ml.state === 'Fenced' || t.crashed !== undefined) switchToNewOwner(ctx, topic);
}

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
  ctx.events.push(ev('log', t.broker, `now serves the topic (current ledger ${current.id})`, [], { cluster: topic.cluster, rule: 'BrokerService.loadTopic' }));
  if (t.crashed !== undefined) ctx.events.push(ev('log', t.broker, `topic loaded after ${t.crashed} crashed: dedup state rebuilt by replay`, [], { cluster: topic.cluster, rule: 'MessageDeduplication.replayCursor' }));
  consumersReconnect(ctx, topic, before, t.broker);
  // The old owner's PersistentTopic.close stopped its replicator; the new owner's runs from the
  // persisted cursor with a new producer (a crash restarted it already, BrokerService.restartBroker).
  if (t.crashed === undefined && ctx.w.config.replication?.from === topic.cluster) restartReplicator(ctx);
}

/**
 * `PersistentTopic.close` on `from` disconnected the topic's consumers: each looks the topic up
 * again and resumes on `to` (the same broker after an unload, the new owner after a takeover) from
 * its cursor's mark-delete position.
 */
export function consumersReconnect(ctx: Ctx, topic: TopicState, from: string, to: string): void {
  const where = from === to ? '' : ` on ${from}`;
  for (const s of Object.values(topic.subscriptions)) {
    if (s.broker !== from) continue;
    s.broker = to;
    const md = s.markDeletePosition;
    ctx.events.push(ev('log', `${s.name}-consumer`, `topic closed${where}: reconnects to ${to}, resumes after mark-delete ${md.ledgerId}:${md.entryId}`, [], { cluster: topic.cluster, rule: 'PersistentTopic.close:disconnect-consumers' }));
  }
}

/**
 * A topic instance on `broker` starts serving what the metadata store records (`BrokerService
 * .loadTopic` once `ManagedLedgerImpl.initialize` completed): a managed ledger writing the last
 * ledger of the list, nothing pending, not fenced, and dedup state rebuilt by replaying what a
 * reader can reach (`MessageDeduplication.replayCursor`).
 */
function serveTopic(topic: TopicState, broker: string): void {
  const bk = topic.bk!;
  const current = bk.metadata.ledgers[bk.metadata.ledgers.length - 1]!;
  topic.owner = broker;
  topic.fenced = false;
  topic.pendingWrites = [];
  bk.ml = {
    state: 'LedgerOpened',
    ledgers: bk.metadata.ledgers.map((l) => ({ ...l })),
    version: bk.metadata.version,
    handle: { ledgerId: current.id, ensemble: bk.ledgerMeta[current.id]!.ensemble, lac: -1, pending: [], closed: false },
    currentLedgerEntries: 0,
    lastConfirmedEntry: lastRecorded(bk.metadata.ledgers),
    ops: [],
  };
  replayCursor(topic.dedup, readableEntries(topic));
}

/**
 * The topic loads again on the broker that just unloaded it (`BrokerService.loadTopic` →
 * `ManagedLedgerImpl.initialize`): read the ledger list and its version, open the last ledger —
 * `ManagedLedgerImpl.asyncClose` closed it, so it opens without recovery at the last entry its
 * metadata records — record that count, create a new ledger and write the list
 * (`initializeBookKeeper`). Nothing else writes the list in between (an unload is not placed while
 * another broker is taking the topic over), so the compare-and-set succeeds. The same
 * `initializeBookKeeper` and serving as a takeover's, without the fencing a recovery needs.
 * Simplification, as for a takeover: an empty ledger stays in the list (Pulsar drops it there);
 * it holds nothing a reader could reach.
 */
export function loadTopic(ctx: Ctx, topic: TopicState): void {
  const bk = topic.bk!;
  const md = bk.metadata;
  const broker = topic.owner;
  const last = md.ledgers[md.ledgers.length - 1]!;
  ctx.events.push(ev('log', broker, `load topic: ledger list read at version ${md.version}; open ledger ${last.id}`, [], { cluster: topic.cluster, rule: 'ManagedLedgerImpl.initialize' }));
  const count = openClosedLedger(ctx, bk, broker, last.id);
  createLedgerAndWriteList(bk, md.ledgers.map((l) => (l.id === last.id ? { id: l.id, entries: count } : l)));
  serveTopic(topic, broker);
  const current = md.ledgers[md.ledgers.length - 1]!;
  ctx.events.push(ev('log', broker, `ledger list [${listText(md.ledgers)}] written (version ${md.version}): topic loaded, writing ledger ${current.id}`, [], { to: 'metadata-store', cluster: topic.cluster, rule: 'ManagedLedgerImpl.initializeBookKeeper' }));
}

/** Entries a reader can reach: closed ledgers up to their recorded count, the current up to LAC. */
export function readableEntries(topic: TopicState): StoredEntry[] {
  return entriesWithin(topic, topic.bk!.metadata.ledgers);
}

/**
 * Entries of a ledger list as a reader sees them: each ledger up to its recorded count, the last
 * (current) one up to the serving managed ledger's last confirmed entry.
 */
export function entriesWithin(topic: TopicState, list: readonly { id: number; entries: number }[]): StoredEntry[] {
  const out: StoredEntry[] = [];
  walkWithin(topic, list, (e) => (out.push(e), false));
  return out;
}

/** The same entries, visited in order until `stop` says so; returns the entry it stopped at. */
export function walkWithin(topic: TopicState, list: readonly { id: number; entries: number }[], stop: (e: StoredEntry) => boolean): StoredEntry | undefined {
  const lce = topic.bk!.ml.lastConfirmedEntry;
  for (let i = 0; i < list.length; i++) {
    const l = list[i]!;
    const count = i === list.length - 1 && lce.ledgerId === l.id ? lce.entryId + 1 : l.entries;
    const stored = topic.ledgers.find((x) => x.id === l.id)?.entries ?? [];
    for (let j = 0; j < Math.min(count, stored.length); j++) {
      const e = stored[j];
      if (e !== undefined && stop(e)) return e;
    }
  }
  return undefined;
}

function lastRecorded(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return { ledgerId: list[0]!.id, entryId: -1 };
}
