// The storage half of `enabledActions` and `step`: BookKeeper traffic, managed-ledger metadata
// writes and consumers, for clusters whose scenario has bookies. Kept apart from the client and
// broker actions so each file stays one screen of rules.
import { ev } from '../model/events';
import type { World } from '../model/world';
import { bookieReceive } from '../protocol/BookieImpl';
import { consumeNext, nextReadable } from '../protocol/ManagedCursor';
import { rollover } from '../protocol/ManagedLedgerRollover';
import { addAnswer } from '../protocol/OpAddEntry';
import { topicDown } from '../protocol/PersistentTopicServing';
import { takeoverWrite } from '../protocol/OwnershipChange';
import { completeDedupRecovery } from '../protocol/PersistentTopicDeduplicationStatus';
import { fenceAnswer } from '../protocol/ReadLastConfirmedOp';
import { type Action, ActionClass } from './actions';
import { type Ctx, peek } from './context';

type Add = (key: string, action: Action, cls: number, born: number) => void;
const pos = (l: number, e: number) => `${l}:${e}`;

export function enabledStorage(w: World, add: Add): void {
  for (const c of w.config.clusters) {
    const topic = w.topics[c.name]!;
    const bk = topic.bk;
    if (bk) {
      const firstReq = new Set<string>();
      for (const r of bk.requests) {
        const pair = `${r.from}->${r.to}`;
        if (firstReq.has(pair)) continue;
        firstReq.add(pair);
        const what = r.kind === 'fence' ? `fence-${r.ledgerId}` : pos(r.ledgerId, r.entryId);
        add(
          `deliver:${pair}:${what}`,
          { type: 'bk-request', cluster: c.name, from: r.from, to: r.to },
          ActionClass.request,
          r.born,
        );
      }
      const firstAns = new Set<string>();
      for (const a of bk.answers) {
        const pair = `${a.from}->${a.to}`;
        if (firstAns.has(pair)) continue;
        firstAns.add(pair);
        const what = a.kind === 'fence' ? `fence-${a.ledgerId}` : pos(a.ledgerId, a.entryId);
        add(
          `deliver:${pair}:${what}`,
          { type: 'bk-answer', cluster: c.name, from: a.from, to: a.to },
          a.held ? ActionClass.heldBack : ActionClass.response,
          a.born,
        );
      }
      if (bk.ml.state === 'CreatingLedger')
        add(
          `metadata:${topic.owner}:ledgers`,
          { type: 'metadata-write', cluster: c.name, broker: topic.owner },
          ActionClass.persist,
          0,
        );
      if (bk.takeover?.state === 'writing-metadata')
        add(
          `metadata:${bk.takeover.broker}:ledgers`,
          { type: 'metadata-write', cluster: c.name, broker: bk.takeover.broker },
          ActionClass.persist,
          0,
        );
    }
    // The replay a runtime switch on started (`MessageDeduplication` Recovering): a step of its own,
    // at the broker serving the topic (not while it is down after a crash: its load replays).
    if (topic.dedup.recovering != null && !topicDown(topic))
      add(
        `replay:${c.name}:dedup-cursor`,
        { type: 'dedup-replay', cluster: c.name },
        ActionClass.persist,
        topic.dedup.recovering.born,
      );
    for (const s of Object.values(topic.subscriptions)) {
      const next = nextReadable(topic, s);
      if (next)
        add(
          `consume:${s.name}:${pos(next.ledgerId, next.entryId)}`,
          { type: 'consume', cluster: c.name, subscription: s.name },
          ActionClass.replicatorRead,
          0,
        );
    }
  }
}

export function applyStorage(
  ctx: Ctx,
  a: Extract<
    Action,
    { type: 'bk-request' | 'bk-answer' | 'metadata-write' | 'consume' | 'dedup-replay' }
  >,
): void {
  const topic = ctx.w.topics[a.cluster]!;
  const bk = topic.bk;
  // The events' message ids: read, never written, so peeked (a read through the view copies every ledger).
  const msgOf = (l: number, e: number) =>
    peek(topic)
      .ledgers.find((x) => x.id === l)
      ?.entries[e]?.msgs.map((m) => m.msg) ?? [];
  switch (a.type) {
    case 'bk-request': {
      const i = bk!.requests.findIndex((r) => r.from === a.from && r.to === a.to);
      const r = bk!.requests[i]!;
      ctx.events.push(
        ev(
          'receive',
          r.from,
          r.kind === 'fence'
            ? `fencing read of ledger ${r.ledgerId}`
            : `add ${pos(r.ledgerId, r.entryId)}`,
          msgOf(r.ledgerId, r.entryId),
          { to: r.to, cluster: a.cluster },
        ),
      );
      bookieReceive(ctx, bk!, i, ctx.w.config.faults, msgOf);
      return;
    }
    case 'bk-answer': {
      const i = bk!.answers.findIndex((x) => x.from === a.from && x.to === a.to);
      const ans = bk!.answers.splice(i, 1)[0]!;
      const text =
        ans.kind === 'fence'
          ? `fenced ledger ${ans.ledgerId}, holds ${ans.holds.map((e) => pos(ans.ledgerId, e)).join(', ') || 'nothing'}`
          : `${ans.rc} for ${pos(ans.ledgerId, ans.entryId)}`;
      ctx.events.push(
        ev('response', ans.from, text, msgOf(ans.ledgerId, ans.entryId), {
          to: ans.to,
          reply: true,
          cluster: a.cluster,
        }),
      );
      if (ans.kind === 'fence') {
        if (peek(bk!).takeover?.broker === ans.to && peek(bk!).takeover?.state === 'recovering')
          fenceAnswer(ctx, topic, ans);
      } else if (peek(bk!).takeover?.crashed === ans.to)
        ctx.events.push(
          ev(
            'log',
            ans.to,
            `answer for ${pos(ans.ledgerId, ans.entryId)}: the process that sent the add crashed, nothing waits for it`,
            [],
            { rule: 'PendingAddOp.writeComplete:no-op' },
          ),
        );
      else if (ans.to === topic.owner) addAnswer(ctx, topic, ans);
      else
        ctx.events.push(
          ev(
            'log',
            ans.to,
            `answer for ${pos(ans.ledgerId, ans.entryId)}: no topic instance here any more`,
            [],
            { rule: 'PendingAddOp.writeComplete:no-op' },
          ),
        );
      return;
    }
    case 'metadata-write':
      if (
        peek(bk!).takeover?.broker === a.broker &&
        peek(bk!).takeover?.state === 'writing-metadata'
      )
        takeoverWrite(ctx, topic);
      else rollover(ctx, topic);
      return;
    case 'consume':
      consumeNext(ctx, topic, topic.subscriptions[a.subscription]!);
      return;
    case 'dedup-replay':
      completeDedupRecovery(ctx, topic);
      return;
  }
}
