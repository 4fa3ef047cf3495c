// Message TTL. When a topic has a TTL, the broker's periodic `PersistentTopic.checkMessageExpiry`
// (every `messageExpiryCheckIntervalInMinutes`, 5 by default) asks every subscription and every
// replicator of the topic to expire what is older than it (`PersistentSubscription.expireMessages`,
// `PersistentReplicator.expireMessages`). Each one's `PersistentMessageExpiryMonitor` finds the
// newest expired entry (`ManagedCursor.asyncFindNewestMatching`) and mark-deletes its cursor up to
// it (`findEntryComplete` → `ManagedCursorImpl.asyncMarkDelete`). A replicator's cursor is no
// exception: an entry it had not replicated yet never reaches the remote cluster, and Pulsar counts
// it only in `msgRateExpired`. The model has no clock, so the fault says the TTL has passed for
// every entry the topic had confirmed by then; nothing written later has expired.
import { replicationLinks, type ReplicationLink } from '../model/config';
import { ev } from '../model/events';
import type { MsgRef } from '../model/producer';
import type { Position, StoredEntry, TopicState } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { type Ctx, peek } from '../sim/context';
import { cursorView } from './ManagedCursor';
import { closingReason, topicDown } from './PersistentTopicServing';
import { cmpPos as cmp } from './PersistentReplicator';

const at = (e: StoredEntry): Position => ({ ledgerId: e.ledgerId, entryId: e.entryId });

/** A cursor the expiry check walks: a subscription's or a replicator's (`pulsar.repl.<remote>`). */
interface ExpiringCursor {
  markDeletePosition: Position;
  individuallyDeleted: Position[];
  readPosition?: Position;
  /** What a TTL mark-deleted before it was read (a subscription's; a replicator's is kept on its own cursor). */
  expired?: readonly Position[];
}

/** The cursors of the topic in `cluster`, each with the lane its events are drawn on. */
function cursorsOf(
  w: World,
  cluster: string,
): { cursor: ExpiringCursor; actor: string; name: string; link?: ReplicationLink }[] {
  const topic = w.topics[cluster]!;
  const subs = Object.values(topic.subscriptions).map((s) => ({
    cursor: s as ExpiringCursor,
    actor: `${s.name}-consumer`,
    name: `subscription ${s.name}`,
  }));
  const repl = replicationLinks(w.config)
    .filter((l) => l.cfg.from === cluster && replicatorOf(w, l) !== null)
    .map((l) => ({
      cursor: replicatorOf(w, l)!.cursor as ExpiringCursor,
      actor: l.cursor,
      name: `replicator to ${l.cfg.to}`,
      link: l,
    }));
  return [...subs, ...repl];
}

/** The entries a cursor has not deleted yet: `getNumberOfEntriesInBacklog(false)` > 0 is what makes an expiry check act. */
const undeleted = (entries: readonly StoredEntry[], c: ExpiringCursor): StoredEntry[] =>
  entries.filter(
    (e) => cmp(e, c.markDeletePosition) > 0 && !c.individuallyDeleted.some((d) => cmp(d, e) === 0),
  );

/**
 * Whether an expiry check would move any cursor: the topic is served (not down, and with bookies
 * not while another broker is taking it over or its managed ledger fenced itself) and some cursor
 * has a backlog (`expireMessages` returns at once on an empty one).
 */
export const canExpire = (w: World, cluster: string): boolean => expiryReason(w, cluster) === null;

/** Why an expiry check would move no cursor (the conditions of `canExpire`, in words); null when it would. */
export function expiryReason(w: World, cluster: string): string | null {
  const topic = w.topics[cluster];
  if (!topic) return `no topic at ${cluster}`;
  const tk = topic.bk?.takeover ?? null;
  if (peek(topic).closing) return closingReason(cluster);
  if (topicDown(topic))
    return `${tk!.broker} is loading the topic at ${cluster} after ${tk!.crashed} crashed`;
  if (topic.bk !== null) {
    if (tk !== null) return `${tk.broker} is taking the topic over at ${cluster}`;
    if (topic.bk.ml.state === 'Fenced')
      return `the topic at ${cluster} is closing: its managed ledger fenced itself`;
    if (topic.bk.metadata.owner !== topic.owner)
      return `the topic at ${cluster} is moving: the metadata store names ${topic.bk.metadata.owner} as its owner`;
  }
  const entries = cursorView(topic);
  const cursors = cursorsOf(w, cluster);
  if (cursors.length === 0)
    return `the topic at ${cluster} has no subscription or replicator whose cursor could expire`;
  if (cursors.some((c) => undeleted(entries, c.cursor).length > 0)) return null;
  return `nothing to expire at ${cluster}: no backlog on the ${cursors.map((c) => c.name).join(' or the ')}`;
}

/**
 * `PersistentTopic.checkMessageExpiry` with every confirmed entry past its TTL: each cursor with a
 * backlog is mark-deleted up to the last confirmed entry (`PersistentMessageExpiryMonitor
 * .findEntryComplete` → `asyncMarkDelete`), its individual deletes below it dropped and, for a
 * replicator, its read position moved after it (`ManagedCursorImpl.setAcknowledgedPosition`): a
 * read or a rewind never returns to an expired entry. Sends the replicator already has in flight
 * go on; a failed one rewinds past what expired.
 */
export function checkMessageExpiry(ctx: Ctx, topic: TopicState): void {
  const entries = cursorView(topic);
  const last = entries[entries.length - 1];
  if (!last) return;
  const upTo = at(last);
  for (const { cursor, actor, name, link } of cursorsOf(ctx.w, topic.cluster)) {
    const expired = undeleted(entries, cursor);
    if (expired.length === 0) continue;
    cursor.markDeletePosition = upTo;
    cursor.individuallyDeleted = cursor.individuallyDeleted.filter((d) => cmp(d, upTo) > 0);
    if (cursor.readPosition && cmp(cursor.readPosition, upTo) <= 0)
      cursor.readPosition = { ledgerId: upTo.ledgerId, entryId: upTo.entryId + 1 };
    if (link) {
      const r = replicatorOf(ctx.w, link)!.cursor;
      r.expired = [...(r.expired ?? []), ...expired.map(at)];
    } else cursor.expired = [...(cursor.expired ?? []), ...expired.map(at)];
    const ids = expired.flatMap((e) => e.msgs.map((m) => m.msg));
    const what = expired.map((e) => `${e.ledgerId}:${e.entryId}`).join(', ');
    ctx.events.push(
      ev(
        'log',
        actor,
        `message TTL: ${name} expires ${what}${ids.length ? ` (${ids.join(', ')})` : ''}: mark-delete → ${upTo.ledgerId}:${upTo.entryId}`,
        ids,
        { cluster: topic.cluster, rule: 'PersistentMessageExpiryMonitor.findEntryComplete' },
      ),
    );
  }
}

/** Whether the message TTL mark-deleted source entry `p` on the link's replicator cursor (before it was delivered). */
export const expiredOnCursor = (w: World, link: ReplicationLink, p: Position): boolean =>
  replicatorOf(w, link)?.cursor.expired?.some((x) => cmp(x, p) === 0) ?? false;

/**
 * The messages of TTL-expired entries whose send is still pending on the link's producer: on their
 * way, so not lost yet (`no-silent-loss` waits) and still owed (`replication-progress`).
 */
export function expiredInFlight(w: World, link: ReplicationLink): MsgRef[] {
  const expired = replicatorOf(w, link)?.cursor.expired;
  if (!expired || expired.length === 0) return [];
  const pending = (w.producers[link.key]?.pendingMessages ?? []).flatMap((op) => op.msgs);
  return pending.filter(
    (m) => m.sourcePosition !== undefined && expired.some((x) => cmp(x, m.sourcePosition!) === 0),
  );
}
