// The storage panel's metadata store (issue 4): the managed ledger's ledger list as the store keeps
// it (owner, version, entries per ledger, a closed ledger whose count disagrees with BookKeeper's
// marked as `ledger-entries-match` judges it), BookKeeper's own ledger metadata with its ensembles,
// and the takeover a loading broker is part-way through. Pure.
import type { BkState, LedgerMetadata, Takeover } from '../model/bookkeeper';
import type { TopicState } from '../model/topic';
import type { EnsembleView, MetadataView, TakeoverView } from './storageViews';

/** An entry as `ledger:entry`, or 'none' before the first (entry id -1). */
export const entryText = (ledgerId: number, entryId: number): string =>
  entryId < 0 ? 'none' : `${ledgerId}:${entryId}`;

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

export function takeoverView(bk: BkState, t: Takeover): TakeoverView {
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

export function metadataOf(topic: TopicState, bk: BkState): MetadataView {
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
