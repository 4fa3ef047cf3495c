// `topic.ledgers`: the ledgers a cluster's topic holds before the run, by entry count or (the
// extension) with the message ids their entries carry.
import type { InitialLedger } from '../model/config';
import { NAME } from './names';
import { asWritten, type Reader } from './reader';

export function readLedgers(r: Reader, v: unknown, path: string): InitialLedger[] {
  if (v === undefined) return [];
  const nextSeq: Record<string, number> = {};
  let previous = 0;
  return (r.arr(v, path) ?? []).map((l, i) => {
    const o = r.obj(l, `${path}[${i}]`) ?? {};
    r.known(o, `${path}[${i}]`, ['id', 'entries', 'messages']);
    // `ManagedLedgerImpl.ledgers` is a map sorted by ledger id (BookKeeper hands out increasing
    // ids): a list out of order or naming a ledger twice is no managed ledger's list.
    const id = r.int(o.id, `${path}[${i}].id`, 1);
    if (id !== null && id <= previous)
      r.fail(
        `${path}[${i}].id`,
        `a ledger id above ${previous} (a managed ledger lists its ledgers by ascending id)`,
        id,
      );
    if (id !== null) previous = id;
    const ledger = {
      id: id ?? 1,
      entries:
        o.entries === undefined && o.messages !== undefined
          ? 0
          : (r.int(o.entries, `${path}[${i}].entries`, 0, 10000) ?? 0),
    };
    if (o.messages === undefined) return ledger;
    // Extension: entries that carry message ids, `{ "id": "E3", "producer": "p1", "seq"?: n }`.
    const messages = (r.arr(o.messages, `${path}[${i}].messages`) ?? []).map((m, j) => {
      const mp = `${path}[${i}].messages[${j}]`;
      const mo = r.obj(m, mp) ?? {};
      r.known(mo, mp, ['id', 'producer', 'seq']);
      const producer = r.str(mo.producer, `${mp}.producer`, NAME, 'a producer name') ?? 'p';
      const seq =
        mo.seq === undefined ? (nextSeq[producer] ?? 0) : (r.int(mo.seq, `${mp}.seq`, 0) ?? 0);
      nextSeq[producer] = seq + 1;
      return {
        msg: r.str(mo.id, `${mp}.id`, NAME, 'a message id') ?? asWritten(mo.id, 'M'),
        producer,
        seq,
      };
    });
    return { ...ledger, messages };
  });
}
