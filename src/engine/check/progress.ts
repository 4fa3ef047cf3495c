// `replication-progress` (liveness): replication can always finish. Two ways it cannot: the run
// stops with entries still to replicate (a stall), or it comes back to a state it was in while
// entries are still to replicate (a loop), where every non-fault action that stayed enabled
// around the loop was taken in it (weak fairness: nothing was merely starved by the schedule).
import { replicates, replicationLinks, type ReplicationLink } from '../model/config';
import type { MsgRef } from '../model/producer';
import type { StoredEntry } from '../model/topic';
import { replicatorOf, type World } from '../model/world';
import { backlog, inBacklog, sourceEntries } from '../protocol/PersistentReplicator';
import { excludedBySender } from '../protocol/PersistentReplicatorRead';
import { readableOf } from '../protocol/ManagedLedger';
import { expiredInFlight } from '../protocol/PersistentMessageExpiryMonitor';
import type { StepRecord } from '../sim/run';

export interface ProgressFinding {
  readonly messages: readonly string[];
  readonly detail: string;
}

/**
 * What a link still owes: its backlog, and the messages of entries a message TTL mark-deleted while
 * a send of them was still pending on the link's producer. Such a send may yet arrive, so
 * no-silent-loss waits for it; until it completes or fails replication has not finished — a
 * replicator stuck on it (a NotAllowed loop the TTL passed during) is a stall, where the backlog
 * alone, empty after the expiry, let the run end quiescent with the message neither stored nor
 * reported.
 */
export function owed(w: World, link: ReplicationLink): string[] {
  // A message whose own replicate_to leaves the link's remote out is owed to nobody there (the
  // replicator will skip its entry); a batch-mate sent for the remote is still owed.
  // A chunked message is owed once, however many of its chunk entries are still in the backlog: it
  // reaches the remote when the last of them does and its chunks assemble there (no-silent-loss).
  const chunks = new Set<string>();
  const once = (e: StoredEntry, m: MsgRef): boolean =>
    !m.chunk ||
    (!chunks.has(`${e.producerName}-${m.seq}`) && !!chunks.add(`${e.producerName}-${m.seq}`));
  const left = backlog(w, link).flatMap((e) =>
    e.msgs.filter((m) => !excludedBySender(m, link.cfg.to) && once(e, m)).map((m) => m.msg),
  );
  const stuck = expiredInFlight(w, link);
  if (stuck.length === 0) return left;
  return [...left, ...stuck.map((m) => m.msg).filter((m) => !left.includes(m))];
}

/**
 * Whether the link owes anything (`owed` is not empty), without listing it: the explorer asks this
 * of every new state. An entry with one message not excluded by its sender is owed (the first chunk
 * of a message always counts); else whatever a TTL expired while in flight.
 */
export function owesAny(w: World, link: ReplicationLink): boolean {
  const to = link.cfg.to;
  // The backlog's entries, asked one at a time (no list is built).
  for (const e of sourceEntries(w, link))
    if (inBacklog(w, link, e)) for (const m of e.msgs) if (!excludedBySender(m, to)) return true;
  return expiredInFlight(w, link).length > 0;
}

/** Every link's debt (judged link by link: each replicator must finish its own). */
const ids = (w: World): string[] => replicationLinks(w.config).flatMap((l) => owed(w, l));

/**
 * Liveness is judged once the faults have healed (the style guide's "inject, heal, then require
 * convergence"): a channel that drops every send (a duplicate-frames fault that struck) is a
 * network that has not healed, so a stall or loop while it is open is the fault's, not the
 * protocol's.
 */
export const unhealedFault = (w: World): boolean =>
  Object.values(w.channels).some((ch) => ch.open && ch.broken?.mode === 'dropping');

/**
 * The messages `link` owes that its remote already stores, replicated from the link's source: a send
 * the remote persisted whose success never reached the replicator (a terminal stop's close failed
 * it), so the cursor still holds the entry. Owed by the cursor, not missing at the remote.
 */
function storedAtRemote(w: World, link: ReplicationLink, left: readonly string[]): string[] {
  const here = new Set<string>();
  for (const e of readableOf(w.topics[link.cfg.to]!))
    if (e.replicatedFrom === link.cfg.from) for (const m of e.msgs) here.add(m.msg);
  return left.filter((m) => here.has(m));
}

/**
 * What a stall or a loop leaves, in words true of both ends: the owed messages the remote does not
 * store are `missingWords` ("not replicated" after a stall, "never replicated" around a loop); those
 * it stores are "stored at <remote> but still in the source backlog" (the cursor owes them, the
 * remote has them). Link by link; with nothing stored the words are as before.
 */
function owedWords(w: World, links: readonly ReplicationLink[], missingWords: string): string {
  const missing: string[] = [];
  const parts: string[] = [];
  for (const l of links) {
    const left = owed(w, l);
    const there = storedAtRemote(w, l, left);
    missing.push(...left.filter((m) => !there.includes(m)));
    if (there.length > 0)
      parts.push(`${there.join(', ')} stored at ${l.cfg.to} but still in the source backlog`);
  }
  const head = missing.length > 0 ? [`${missing.join(', ')} ${missingWords}`] : [];
  return [...head, ...parts].join('; ');
}

export function replicationStalled(w: World): ProgressFinding | null {
  if (!replicates(w.config) || unhealedFault(w)) return null;
  const left = ids(w);
  if (left.length === 0) return null;
  const links = replicationLinks(w.config);
  const dead = links.find((l) => replicatorOf(w, l)?.state === 'Terminated');
  const which = dead && links.length > 1 ? ` ${dead.cfg.from}->${dead.cfg.to}` : '';
  const why = dead
    ? `the replicator${which} terminated (${replicatorOf(w, dead)!.reason})`
    : 'nothing more can happen';
  return {
    messages: left,
    detail: `replication stalled with ${owedWords(w, links, 'not replicated')}: ${why}`,
  };
}

/**
 * The non-fault actions enabled in every state of the loop from step `start` to step `end` (whose
 * worlds are the same state) that the loop never took, in the order of the first state's enabled
 * list. Weak fairness: a run cannot stay in a loop that starves one of them.
 */
export function starvedActions(steps: readonly StepRecord[], start: number, end: number): string[] {
  const taken = new Set(steps.slice(start + 1, end + 1).map((s) => s.key));
  let always = null as Set<string> | null;
  for (const s of steps.slice(start, end)) {
    const here = new Set(s.enabled.filter((k) => !k.startsWith('fault:')));
    always = always === null ? here : new Set([...always].filter((k) => here.has(k)));
  }
  return [...(always ?? [])].filter((k) => !taken.has(k));
}

export function fairLoopWithoutProgress(
  steps: readonly StepRecord[],
  start: number,
  end: number,
): ProgressFinding | null {
  const w = steps[end]!.world;
  if (!replicates(w.config) || unhealedFault(w)) return null;
  const left = ids(w);
  if (left.length === 0) return null;
  if (starvedActions(steps, start, end).length > 0) return null;
  const keys = steps
    .slice(start + 1, end + 1)
    .map((s) => s.key)
    .join(', ');
  return {
    messages: left,
    detail: `replication loops without progress from step ${start} to step ${end} (${keys}); ${loopOwedWords(w)}`,
  };
}

/**
 * What a loop owes, judged at a state the loop comes back to: `run`'s loop detail and the
 * explorer's loop counterexample (judged at the loop's entry, replayed once) say it in these words.
 * A loop's resends can land at the remote while their answers never reach the cursor: said as a
 * stall's are ("E3 stored at us-west but still in the source backlog").
 */
export const loopOwedWords = (w: World): string =>
  owedWords(w, replicationLinks(w.config), 'never replicated');
