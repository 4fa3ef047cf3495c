// The storage panel's bookies (issue 4): the entries each bookie holds per ledger and whether it is
// fenced, the add and fence requests on their way to it, and its answers on their way back — a slow
// bookie's held answers marked, since they are what decides which add completes first. Pure.
import type { BkAnswer, BkRequest, BkState } from '../model/bookkeeper';
import { differs } from './differs';
import type { BkMessageView, BookieView } from './storageViews';

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

export function bookiesOf(bk: BkState, prev: BkState | null | undefined): BookieView[] {
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
