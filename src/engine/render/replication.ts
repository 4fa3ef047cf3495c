// Geo-replication view-models: the replicator's cursor over the source topic (a strip of entries
// with read position, mark-delete and individual deletes), its GeoReplicationProducerImpl (pending
// source positions, lastPersistedSource, the Case each receipt hit) and the remote dedup
// watermarks, V1 per producer name and V2 as `_LID:_EID` pairs. Pure: world (+ events) in.
import { REPLICATOR, type ReplicationLink, replicationLinks } from '../model/config';
import type { SimEvent } from '../model/events';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { chunkAssembler } from '../protocol/ConsumerImplChunks';
import { labelOf } from '../sim/context';
import { replicatorOf, type World } from '../model/world';
import { expiredOnCursor } from '../protocol/PersistentMessageExpiryMonitor';
import {
  entryReplicateTo,
  excludedBySender,
  skipsEntry,
} from '../protocol/PersistentReplicatorRead';
import type {
  ReceiptCaseView,
  ReplicationPanel,
  SourceEntryView,
  WatermarkRow,
} from './panelViews';
import { cursorLedgerOf } from './replicatorCursorLedger';

const cmp = (a: Position, b: Position): number => a.ledgerId - b.ledgerId || a.entryId - b.entryId;
export const posText = (p: Position): string => `${p.ledgerId}:${p.entryId}`;
const differs = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b);

const LID = '_LID';
const EID = '_EID';

/**
 * Messages stored at a cluster (pre-run entries have none). A chunked message counts once its
 * chunks assemble (`chunkAssembler`, as a consumer and the invariants read it): us-west holding
 * only M1[1/2] does not store M1 — counted, the strip flagged no LOST beside no-silent-loss, and
 * Copy for GitHub's state said "every message stored at us-east is here too" (UX review 13).
 */
function storedIds(t: TopicState | undefined): Set<string> {
  const assemble = chunkAssembler(t?.chunkConsumer);
  return new Set(
    t?.ledgers.flatMap((l) =>
      l.entries.flatMap((e) =>
        e.msgs.filter((m) => !m.chunk || assemble(e.producerName, m, e)).map((m) => m.msg),
      ),
    ) ?? [],
  );
}

/**
 * For each chunk entry of a source whose message assembles there, the positions of that message's
 * chunks (by position text). A chunk of a message that never assembles at the source is nobody's
 * to lose: the invariants owe it to no remote.
 */
function chunkSetsOf(
  entries: readonly StoredEntry[],
  rules: TopicState['chunkConsumer'],
): Map<string, readonly Position[]> {
  const out = new Map<string, readonly Position[]>();
  const assemble = chunkAssembler(rules);
  for (const e of entries) {
    const m = e.msgs.length === 1 ? e.msgs[0]! : undefined;
    const set = m?.chunk ? assemble(e.producerName, m, e) : null;
    if (set) for (const at of set) out.set(posText(at), set);
  }
  return out;
}

/** Dedup watermarks for display: `<name>_LID` + `<name>_EID` become one `name` row `L:E`. */
export function watermarksOf(t: TopicState): WatermarkRow[] {
  const { highestSequencedPushed: pushed, highestSequencedPersisted: persisted } = t.dedup;
  const keys = [...new Set([...Object.keys(pushed), ...Object.keys(persisted)])].sort();
  const rows: WatermarkRow[] = [];
  const pair = (m: Record<string, number>, name: string): string =>
    m[name + LID] === undefined && m[name + EID] === undefined
      ? 'none'
      : `${m[name + LID] ?? '?'}:${m[name + EID] ?? '?'}`;
  for (const k of keys) {
    if (k.endsWith(LID) || k.endsWith(EID)) {
      const name = k.slice(0, -LID.length);
      if (rows.some((r) => r.kind === 'position' && r.name === name)) continue;
      rows.push({
        name,
        kind: 'position',
        pushed: pair(pushed, name),
        persisted: pair(persisted, name),
      });
    } else {
      const show = (n: number | undefined) => (n === undefined ? 'none' : String(n));
      rows.push({
        name: k,
        kind: 'sequence',
        pushed: show(pushed[k]),
        persisted: show(persisted[k]),
      });
    }
  }
  return rows;
}

/** Messages the replication source stores that `cluster` (the target) does not. */
export function missingFromSource(
  w: World,
  cluster: string,
): { from: string; msgs: string[] } | null {
  // With several links into this cluster: the first whose source stores something it lacks (else the first).
  const into = replicationLinks(w.config)
    .filter((l) => l.cfg.to === cluster)
    .map((l) => linkMissing(w, l.cfg.from, cluster));
  return into.find((m) => m.msgs.length > 0) ?? into[0] ?? null;
}

function linkMissing(w: World, from: string, cluster: string): { from: string; msgs: string[] } {
  const here = storedIds(w.topics[cluster]);
  const source = w.topics[from]?.ledgers.flatMap((l) => l.entries) ?? [];
  // A message whose replicate_to leaves this cluster out is not missing here: it was never sent for it.
  const sets = chunkSetsOf(source, w.topics[from]?.chunkConsumer);
  const msgs = source
    .flatMap((e) =>
      e.replicatedFrom
        ? []
        : e.msgs
            .filter((m) => !excludedBySender(m, cluster) && (!m.chunk || sets.has(posText(e))))
            .map((m) => m.msg),
    )
    .filter((m) => !here.has(m));
  return { from, msgs: [...new Set(msgs)] };
}

const CASE_RULE = 'GeoReplicationProducerImpl.ackReceivedReplicatedMsg:';

function caseLabel(branch: string): string {
  if (branch === 'no-op') return 'no pending op';
  const m = /^case-(\d)(?:-(.+))?$/.exec(branch);
  if (!m) return branch;
  return m[2] === 'sentinel' ? `Case-${m[1]} (sentinel-not-confirmed)` : `Case-${m[1]}`;
}

/**
 * The receipts the geo producer handled in these steps, one row per branch taken (a Case-1 that
 * re-handles the same receipt gives two rows). `complete` events of the same branch add their
 * messages to the row they belong to.
 */
export function receiptCasesOf(
  steps: readonly { readonly index: number; readonly events: readonly SimEvent[] }[],
): ReceiptCaseView[] {
  const out: ReceiptCaseView[] = [];
  for (const s of steps) {
    let last: { -readonly [K in keyof ReceiptCaseView]: ReceiptCaseView[K] } | null = null;
    for (const e of s.events) {
      if (!e.rule?.startsWith(CASE_RULE)) continue;
      if (e.kind === 'complete' && last && last.rule === e.rule) {
        last.msgs = [...last.msgs, ...e.msgs];
        continue;
      }
      last = {
        step: s.index,
        case: caseLabel(e.rule.slice(CASE_RULE.length)),
        rule: e.rule,
        text: e.text,
        msgs: [...e.msgs],
      };
      out.push(last);
    }
  }
  return out;
}

export function replicationPanelOf(
  w: World,
  prev: World | undefined,
  steps: readonly { readonly index: number; readonly events: readonly SimEvent[] }[] = [],
  link: ReplicationLink | undefined = replicationLinks(w.config)[0],
): ReplicationPanel | null {
  if (!link) return null;
  const repl = link.cfg;
  const r = replicatorOf(w, link);
  const p = w.producers[link.key];
  if (!r || !p) return null;
  const before = prev ? replicatorOf(prev, link) : null;
  // With several links each panel shows its own producer's receipts.
  const own =
    link.key === REPLICATOR
      ? steps
      : steps.map((s) => ({
          index: s.index,
          events: s.events.filter((e) => e.actor === link.key),
        }));
  const c = r.cursor;
  const pendingPositions = p.pendingMessages.flatMap((op) =>
    op.msgs.flatMap((m) => (m.sourcePosition ? [posText(m.sourcePosition)] : [])),
  );
  const remote = storedIds(w.topics[repl.to]);
  const source = w.topics[repl.from]?.ledgers.flatMap((l) => l.entries) ?? [];
  const deleted = (at: Position) =>
    cmp(at, c.markDeletePosition) <= 0 || c.individuallyDeleted.some((d) => cmp(d, at) === 0);
  const sets = chunkSetsOf(source, w.topics[repl.from]?.chunkConsumer);
  const entries = source.map((e): SourceEntryView => {
    const position = posText(e);
    const markDeleted = cmp(e, c.markDeletePosition) <= 0;
    const individuallyDeleted = c.individuallyDeleted.some((d) => cmp(d, e) === 0);
    const msgs = e.msgs.map((m) => m.msg);
    const expired = expiredOnCursor(w, link, e);
    const pending = pendingPositions.includes(position);
    // Only this link's send can have stored a source entry at its remote (entries replicated in are never sent on).
    const expiredSend =
      !expired || msgs.length === 0
        ? undefined
        : pending
          ? 'in-flight'
          : e.msgs.every((m) => remote.has(m.msg))
            ? 'stored-at-remote'
            : undefined;
    // A chunk is lost with its message, as no-silent-loss judges it: once every chunk of the set
    // is deleted here and the remote cannot assemble it (one deleted chunk with the next on its
    // way is not lost yet).
    const owed = (m: StoredEntry['msgs'][number]) =>
      !m.chunk || (sets.get(position)?.every(deleted) ?? false);
    return {
      position,
      msgs,
      ...(e.msgs.some((m) => m.chunk) ? { names: e.msgs.map((m) => labelOf([m])) } : {}),
      markDeleted,
      individuallyDeleted,
      expired,
      ...(expiredSend === undefined ? {} : { expiredSend }),
      atReadPosition: cmp(e, c.readPosition) === 0,
      pending,
      // An expired entry whose send is still pending is not lost yet, as no-silent-loss waits for it (expiredInFlight).
      lostAtRemote:
        (markDeleted || individuallyDeleted) &&
        expiredSend !== 'in-flight' &&
        !e.replicatedFrom &&
        msgs.length > 0 &&
        e.msgs.some((m) => !remote.has(m.msg) && !excludedBySender(m, repl.to) && owed(m)),
      ...(!e.replicatedFrom && skipsEntry(e, repl.to)
        ? { skipped: `replicate_to [${entryReplicateTo(e)!.join(', ')}] excludes ${repl.to}` }
        : {}),
    };
  });
  const last = source[source.length - 1];
  const ledger = cursorLedgerOf(w, link, source);
  const q = prev?.producers[link.key];
  const ch = w.channels[link.key];
  return {
    ...(link.key === REPLICATOR ? {} : { key: link.key }),
    from: repl.from,
    to: repl.to,
    dedup: repl.dedup,
    state: r.state,
    reason: r.reason,
    readPosition: posText(c.readPosition),
    markDeletePosition: posText(c.markDeletePosition),
    individuallyDeleted: c.individuallyDeleted.map(posText),
    readAtEnd: last === undefined || cmp(c.readPosition, last) > 0,
    entries,
    ...(ledger ? { cursorLedger: ledger } : {}),
    producer: {
      wireName: p.wireName,
      state: p.state,
      closed: p.closed,
      replDedupV2: ch ? ch.replDedupV2 : null,
      lastPersistedSource: posText(p.lastPersistedSource),
      pending: p.pendingMessages.map((op) => ({
        sourcePositions: op.msgs.flatMap((m) =>
          m.sourcePosition ? [posText(m.sourcePosition)] : [],
        ),
        msgs: op.msgs.map((m) => m.msg),
      })),
    },
    receipts: receiptCasesOf(own),
    changed: {
      cursor: before != null && differs(c, before.cursor),
      producer:
        q !== undefined &&
        differs(
          [p.pendingMessages, p.lastPersistedSource, p.state],
          [q.pendingMessages, q.lastPersistedSource, q.state],
        ),
      state: before != null && r.state !== before.state,
    },
  };
}
