// The bookies' side of BookKeeper: `BookieImpl.addEntry`, the fencing read (`BookieImpl.fenceLedger`)
// and a bookie's process restarting with its journal (`BookieImpl.readJournal`). Its own file
// because these run on the bookie, not on the writer or the recovering broker: they take a request
// off the network, change what the bookie holds, and put an answer back on it.
import type { BkAnswer, BkState, Bookie } from '../model/bookkeeper';
import { frozen } from '../model/world';
import { ev } from '../model/events';
import type { FaultSpec } from '../model/faultPlan';
import { type Ctx, peek, tick } from '../sim/context';

/**
 * A bookie's process dies and comes back (restart-bookie): every request in flight to it and every
 * answer in flight from it is lost with its connections. What it journaled stays — the journal
 * (`Journal.logAddEntry`, and `LedgerDescriptorImpl.fenceAndLogInJournal` for a fence) is written
 * before the bookie answers, and `BookieImpl.readJournal` replays it on start — so its entries and
 * fenced flags (`bk.bookies[bookie]`) are untouched. Returns what was lost.
 */
export function bookieRestarts(bk: BkState, bookie: string): { requests: number; answers: number } {
  const requests = bk.requests.filter((r) => r.to === bookie).length;
  const answers = bk.answers.filter((a) => a.from === bookie).length;
  if (requests > 0) bk.requests = bk.requests.filter((r) => r.to !== bookie);
  if (answers > 0) bk.answers = bk.answers.filter((a) => a.from !== bookie);
  return { requests, answers };
}

/** A bookie handles the head request from one broker: `BookieImpl.addEntry` or a fencing read. */
export function bookieReceive(
  ctx: Ctx,
  bk: BkState,
  index: number,
  slow: readonly FaultSpec[],
  msgOf: (l: number, e: number) => string[],
): void {
  const r = bk.requests.splice(index, 1)[0]!;
  // This bookie's record of the ledger, copied on write: reading `bk.bookies` through the step's
  // view would copy every bookie's, and a step changes one. Nothing after this in the step touches a bookie.
  const bookie = peek(bk).bookies[r.to]!;
  const before = bookie.ledgers[r.ledgerId];
  const led = { entries: before ? [...before.entries] : [], fenced: before?.fenced ?? false };
  let rc: BkAnswer['rc'] = 'OK';
  if (r.kind === 'fence') {
    led.fenced = true;
    ctx.events.push(
      ev(
        'log',
        r.to,
        `fence ledger ${r.ledgerId} (recovery read); holds ${led.entries.map((e) => `${r.ledgerId}:${e}`).join(', ') || 'nothing'}`,
        [],
        { rule: 'BookieImpl.fenceLedger' },
      ),
    );
  } else if (led.fenced) {
    rc = 'LedgerFenced';
    ctx.events.push(
      ev(
        'log',
        r.to,
        `add ${r.ledgerId}:${r.entryId} rejected: ledger fenced`,
        msgOf(r.ledgerId, r.entryId),
        { rule: 'BookieImpl.addEntry:fenced' },
      ),
    );
  } else {
    if (!led.entries.includes(r.entryId)) led.entries.push(r.entryId);
    ctx.events.push(
      ev('log', r.to, `stored ${r.ledgerId}:${r.entryId}`, msgOf(r.ledgerId, r.entryId), {
        rule: 'BookieImpl.addEntry',
      }),
    );
  }
  if (!before || led.fenced !== before.fenced || led.entries.length !== before.entries.length)
    bk.bookies = {
      ...(peek(bk).bookies as BkState['bookies']),
      [r.to]: {
        ...bookie,
        ledgers: { ...(bookie.ledgers as Bookie['ledgers']), [r.ledgerId]: led },
      },
    };
  const msgs = msgOf(r.ledgerId, r.entryId);
  const held =
    r.kind === 'add' &&
    slow.some(
      (f) =>
        f.kind === 'slow-bookie' &&
        f.bookie === r.to &&
        (f.message === undefined || msgs.includes(f.message)),
    );
  const takeover = peek(bk).takeover;
  if (r.kind === 'fence' && !(takeover?.state === 'recovering' && takeover.broker === r.from)) {
    // The fencing read completed on a covering subset before this request arrived: the bookie is
    // fenced all the same, and its answer changes nothing at the client (`ReadLastConfirmedOp
    // .readEntryComplete` only counts it down once `completed`). An answer whose delivery changes
    // nothing commutes with every other step, so it is folded into this one instead of travelling.
    ctx.events.push(
      ev(
        'log',
        r.from,
        `${r.to}'s answer to the fencing read of ledger ${r.ledgerId} ignored: the read already completed`,
        [],
        { rule: 'ReadLastConfirmedOp.readEntryComplete:completed' },
      ),
    );
    return;
  }
  bk.answers.push(
    frozen({
      from: r.to,
      to: r.from,
      kind: r.kind,
      ledgerId: r.ledgerId,
      entryId: r.entryId,
      rc,
      holds: frozen(r.kind === 'fence' ? [...led.entries].sort((a, b) => a - b) : []),
      held,
      born: tick(ctx.w),
    }),
  );
}
