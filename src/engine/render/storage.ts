// World → storage view-models (issue 4): per cluster with bookies, the bookies (entries per ledger,
// fenced flags, requests and answers in flight, a slow bookie's held answers), the metadata store
// (owner, ledger list with entry counts and version, BookKeeper's ledger metadata, the loading
// broker), each broker's view of the managed ledger, and the subscriptions with the backlog Pulsar
// computes (`backlogOf`, judged by `check/ledger.cursorJudgement` exactly as the invariants judge
// it). Pure: world (+ previous world for `changed` flags) in.
import type { BkAnswer, BkRequest, BkState, LedgerMetadata, Takeover } from '../model/bookkeeper';
import type { Position, TopicState } from '../model/topic';
import type { World } from '../model/world';
import { cursorJudgement } from '../check/ledger';
import { differs } from './differs';
import type {
  BkMessageView,
  BookieView,
  BrokerView,
  EnsembleView,
  ManagedLedgerView,
  MetadataView,
  StoragePanel,
  SubscriptionView,
  TakeoverView,
} from './storageViews';

export type * from './storageViews';

const pos = (p: Position): string => `${p.ledgerId}:${p.entryId}`;
const entryText = (ledgerId: number, entryId: number): string =>
  entryId < 0 ? 'none' : `${ledgerId}:${entryId}`;

function requestView(r: BkRequest): BkMessageView {
  const label = r.kind === 'fence' ? `fence ${r.ledgerId}` : `add ${r.ledgerId}:${r.entryId}`;
  return { peer: r.from, label, held: false, error: false };
}

function answerView(a: BkAnswer): BkMessageView {
  const error = a.rc !== 'OK';
  const label =
    a.kind === 'fence'
      ? `fenced ${a.ledgerId}, holds ${a.holds.length ? a.holds.map((e) => `${a.ledgerId}:${e}`).join(', ') : 'nothing'}`
      : `${a.rc} for ${a.ledgerId}:${a.entryId}`;
  return { peer: a.to, label, held: a.held, error };
}

function bookiesOf(bk: BkState, prev: BkState | null | undefined): BookieView[] {
  return Object.entries(bk.bookies).map(([name, b]) => {
    const mine = {
      ledgers: b.ledgers,
      requests: bk.requests.filter((r) => r.to === name),
      answers: bk.answers.filter((a) => a.from === name),
    };
    const before = prev?.bookies[name] && {
      ledgers: prev.bookies[name].ledgers,
      requests: prev.requests.filter((r) => r.to === name),
      answers: prev.answers.filter((a) => a.from === name),
    };
    return {
      name,
      ledgers: Object.entries(b.ledgers)
        .map(([id, l]) => ({
          id: Number(id),
          entries: l.entries.map((e) => `${id}:${e}`),
          fenced: l.fenced,
        }))
        .sort((x, y) => x.id - y.id),
      requests: mine.requests.map(requestView),
      answers: mine.answers.map(answerView),
      changed: prev != null && (!before || differs(mine, before)),
    };
  });
}

/**
 * A ledger's ensembles as its metadata keeps them, by first entry (`LedgerMetadata.getAllEnsembles`):
 * the earlier ones (`earlier`, added by `LedgerHandle.ensembleChangeLoop`'s `newEnsembleEntry`) end
 * where the next begins; the current one runs from `currentFrom` on.
 */
export function ensemblesOf(m: LedgerMetadata): EnsembleView[] {
  const all = [...(m.earlier ?? []), { first: m.currentFrom ?? 0, ensemble: m.ensemble }];
  const one = all.length === 1;
  return all.map((e, i) => {
    const next = all[i + 1];
    const last = next ? next.first - 1 : null;
    let range: string | null = null;
    if (!one && last === null) range = `from ${e.first}`;
    else if (!one) range = last === e.first ? `entry ${e.first}` : `entries ${e.first}–${last}`;
    return { first: e.first, last, bookies: [...e.ensemble], range };
  });
}

function takeoverView(bk: BkState, t: Takeover): TakeoverView {
  return {
    broker: t.broker,
    state: t.state,
    readVersion: t.readVersion,
    recovering: t.recovering,
    answered: [...t.answered],
    ensemble: [...(bk.ledgerMeta[t.recovering]?.ensemble ?? [])],
    recoveredLast: entryText(t.recovering, t.recoveredLast),
    ledgers: t.ledgers.map((l) => ({ ...l })),
    reason: t.reason,
  };
}

function metadataOf(topic: TopicState, bk: BkState): MetadataView {
  const list = bk.metadata.ledgers;
  return {
    owner: bk.metadata.owner,
    servedBy: topic.owner,
    version: bk.metadata.version,
    ledgers: list.map((l, i) => {
      const meta = bk.ledgerMeta[l.id];
      const current = i === list.length - 1;
      // As `ledger-entries-match` judges it: a closed ledger that is not the current one.
      const mismatch = !current && meta?.state === 'CLOSED' && l.entries !== meta.lastEntryId + 1;
      return { id: l.id, entries: l.entries, current, mismatch };
    }),
    bkLedgers: Object.entries(bk.ledgerMeta)
      .map(([id, m]) => ({
        id: Number(id),
        state: m.state,
        lastEntry: entryText(Number(id), m.lastEntryId),
        entries: m.state === 'CLOSED' ? m.lastEntryId + 1 : null,
        ensemble: [...m.ensemble],
        ensembles: ensemblesOf(m),
      }))
      .sort((x, y) => x.id - y.id),
    takeover: bk.takeover ? takeoverView(bk, bk.takeover) : null,
  };
}

function mlView(bk: BkState): ManagedLedgerView {
  const ml = bk.ml;
  const h = ml.handle;
  return {
    state: ml.state,
    ledgers: ml.ledgers.map((l) => ({ ...l })),
    version: ml.version,
    currentLedger: h?.ledgerId ?? null,
    lac: h ? entryText(h.ledgerId, h.lac) : null,
    lastConfirmedEntry: pos(ml.lastConfirmedEntry),
    pending: h
      ? h.pending.map((p) => ({ position: `${h.ledgerId}:${p.entryId}`, acks: [...p.acks] }))
      : [],
    ackQuorum: bk.ackQuorum,
    ops: ml.ops.map((o) => (o.position ? pos(o.position) : 'waiting for a ledger')),
  };
}

function brokersOf(w: World, topic: TopicState, bk: BkState): BrokerView[] {
  const names = w.config.clusters.find((c) => c.name === topic.cluster)?.brokers ?? [];
  const all = [...new Set([...names, topic.owner, ...(bk.takeover ? [bk.takeover.broker] : [])])];
  return all.map((name) => ({
    name,
    serving: topic.owner === name,
    metadataOwner: bk.metadata.owner === name,
    ml: topic.owner === name ? mlView(bk) : null,
    takeover: bk.takeover?.broker === name ? takeoverView(bk, bk.takeover) : null,
  }));
}

/** Why the mark-delete names a position the ledger list does not record, or null. */
function missingText(
  ledgerId: number,
  missing: { readonly ledger: boolean; readonly recorded: number } | null,
): string | null {
  if (!missing) return null;
  if (!missing.ledger) return `the ledger list has no ledger ${ledgerId}`;
  const n = missing.recorded;
  return `the ledger list records ${n} entr${n === 1 ? 'y' : 'ies'} for ledger ${ledgerId}`;
}

function subscriptionsOf(topic: TopicState, bk: BkState): SubscriptionView[] {
  return Object.values(topic.subscriptions).map((s) => {
    // Judged exactly as the ledger invariants judge it (acked-positions-exist, non-negative-backlog).
    const j = cursorJudgement(bk, s, topic.trimmed);
    return {
      name: s.name,
      broker: s.broker,
      serving: topic.owner === s.broker,
      markDelete: pos(s.markDeletePosition),
      individuallyDeleted: s.individuallyDeleted.map(pos),
      received: s.received.map((r) => ({
        position: pos(r.position),
        msgs: r.msgs.map((m) => m.msg),
      })),
      backlog: j.backlog,
      lastConfirmed: j.lastConfirmed ? pos(j.lastConfirmed) : null,
      ackedMissing: missingText(s.markDeletePosition.ledgerId, j.missing),
    };
  });
}

/** One panel per cluster whose topic runs on bookies (none for abstract storage). */
export function storageOf(world: World, prevWorld?: World): StoragePanel[] {
  return world.config.clusters.flatMap((c) => {
    const topic = world.topics[c.name];
    const bk = topic?.bk;
    if (!topic || !bk) return [];
    const prevTopic = prevWorld?.topics[c.name];
    const prev = prevTopic?.bk;
    const had = prevWorld !== undefined;
    return [
      {
        cluster: c.name,
        quorum: { ensemble: bk.ensembleSize, writeQuorum: bk.writeQuorum, ackQuorum: bk.ackQuorum },
        bookies: bookiesOf(bk, had ? (prev ?? null) : undefined),
        metadata: metadataOf(topic, bk),
        brokers: brokersOf(world, topic, bk),
        subscriptions: subscriptionsOf(topic, bk),
        changed: {
          metadata:
            had &&
            differs(
              [bk.metadata, bk.ledgerMeta, bk.takeover, topic.owner],
              [prev?.metadata, prev?.ledgerMeta, prev?.takeover, prevTopic?.owner],
            ),
          brokers:
            had &&
            differs(
              [bk.ml, bk.takeover, topic.owner],
              [prev?.ml, prev?.takeover, prevTopic?.owner],
            ),
          subscriptions: had && differs(topic.subscriptions, prevTopic?.subscriptions),
        },
      },
    ];
  });
}
