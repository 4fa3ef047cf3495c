// Step 0 of a cluster that lists `bookies`: BookKeeper's side of the initial ledgers — each
// bookie's journal, the ledgers' metadata, the metadata store's ledger list and the owner's
// `ManagedLedgerImpl` with the `LedgerHandle` that writes the current ledger. Apart from
// initTopic.ts because only a scenario with bookies has it, and every part of it follows from the
// cluster's `ledger` quorums, not from the topic's dedup state or subscriptions.
import type { BkState } from '../model/bookkeeper';
import type { ClusterConfig } from '../model/config';
import { frozen } from '../model/world';

/**
 * BookKeeper at the start: every initial entry is on its write set, the closed ledgers are CLOSED
 * in BookKeeper's metadata, the last one is OPEN and the owner's ledger handle writes it (its LAC is
 * its last entry). The managed ledger's list records closed ledgers' counts and 0 for the current.
 */
export function initialBk(c: ClusterConfig, owner: string): BkState {
  const { ensemble, writeQuorum, ackQuorum } = c.ledger;
  const members = frozen(c.bookies.slice(0, ensemble));
  const bookies: BkState['bookies'] = Object.fromEntries(
    c.bookies.map((b) => [b, { ledgers: {} }]),
  );
  const ledgerMeta: BkState['ledgerMeta'] = {};
  // Entries that carry messages follow the anonymous ones in the same ledger: both are on bookies.
  const list =
    c.initialLedgers.length > 0
      ? c.initialLedgers.map((l) => ({ id: l.id, entries: l.entries + (l.messages?.length ?? 0) }))
      : [{ id: c.firstLedgerId, entries: 0 }];
  list.forEach((l, i) => {
    const last = i === list.length - 1;
    ledgerMeta[l.id] = {
      state: last ? 'OPEN' : 'CLOSED',
      lastEntryId: last ? -1 : l.entries - 1,
      ensemble: members,
    };
    for (const b of members) bookies[b]!.ledgers[l.id] = { entries: [], fenced: false };
    for (let e = 0; e < l.entries; e++)
      for (let k = 0; k < writeQuorum; k++)
        bookies[members[(e + k) % members.length]!]!.ledgers[l.id]!.entries.push(e);
  });
  const current = list[list.length - 1]!;
  const recorded = list.map((l, i) => ({
    id: l.id,
    entries: i === list.length - 1 ? 0 : l.entries,
  }));
  return {
    ensembleSize: ensemble,
    writeQuorum,
    ackQuorum,
    bookies,
    requests: [],
    answers: [],
    ledgerMeta,
    metadata: {
      owner,
      ledgers: recorded.map((l) => ({ ...l })),
      version: 1,
      nextLedgerId: Math.max(...list.map((l) => l.id)) + 1,
    },
    ml: {
      state: 'LedgerOpened',
      ledgers: recorded,
      version: 1,
      handle: {
        ledgerId: current.id,
        ensemble: members,
        lac: current.entries - 1,
        pending: [],
        closed: false,
      },
      currentLedgerEntries: current.entries,
      lastConfirmedEntry: lastEntryOf(list),
      ops: [],
    },
    takeover: null,
  };
}

/** The last entry of the last non-empty ledger (or "before the first entry" of the first). */
function lastEntryOf(list: readonly { id: number; entries: number }[]) {
  for (let i = list.length - 1; i >= 0; i--)
    if (list[i]!.entries > 0) return { ledgerId: list[i]!.id, entryId: list[i]!.entries - 1 };
  return { ledgerId: list[0]!.id, entryId: -1 };
}
