// What the application was told about each message, beside where a reader finds it: the row a
// loss argument starts from. The invariants judge; this lists the facts they judge, one message at
// a time, at the step shown — so "completed, but stored nowhere", "stored twice" and "failed, but
// stored" (a send timeout while the broker had the frame) can be read off without stepping through
// the diagram.
import type { World } from '../model/world';
import { LOCAL_ONLY, replicationLinks } from '../model/config';
import type { WorkloadItem } from '../model/config';
import { messageFindings, type HeldSince } from './heldSince';
import { chunkAssembler, chunkSpan } from '../protocol/ConsumerImplChunks';
import { readableOf } from '../protocol/ManagedLedger';
import type { StoredEntry, TopicState } from '../model/topic';
import { callbackText } from '../sim/runOutcomes';
import { chunkPayloadOf } from '../protocol/ProducerImplChunking';
import { excludedBySender } from '../protocol/PersistentReplicatorRead';

/**
 * What stands out about a message at this step: an invariant naming it (`no-silent-loss`,
 * `no-duplicates`), or a failed callback for a message its cluster stores all the same — Pulsar's
 * contract for a failed send (not a violation: the outcome of a failed send is unknown), and what
 * an application retry turns into a duplicate no dedup can catch.
 */
export interface OutcomeFlag {
  readonly kind: 'no-silent-loss' | 'no-duplicates' | 'failed-but-stored';
  readonly detail: string;
  /** The step the run first reported this finding at (given the run's history, see heldSince). */
  readonly since?: number;
  /** Its words at `since`, when they differ from this step's (a mark-delete that moved on). */
  readonly then?: string;
  /** Held at `since`, no longer at this step (`detail` is then the words of `since`). */
  readonly past?: boolean;
}

export interface OutcomeRow {
  readonly msg: string;
  readonly producer: string;
  readonly cluster: string;
  /** Each application send's callback, in order: `pending`, `stored at 10:1`, `completed -1:-1`, `failed: TimeoutException`. */
  readonly callbacks: readonly string[];
  /** Where a reader of each cluster's topic finds it: `local 10:1`, `us-west 3:0`. */
  readonly stored: readonly string[];
  readonly flags: readonly OutcomeFlag[];
  /**
   * The replication's target while it does not store this message yet and no invariant says it
   * is lost (the replicator has not got to it): "not at us-west yet" is not a loss. A target the
   * message's replicate_to leaves out is none: the replicator skips it (`replicateEntries`), and
   * geo-replicate-to-local's M1 read "not at us-west yet" for a message that never goes there.
   */
  readonly notYetAt: string | null;
  /**
   * What the application asked of this send beyond its payload, in the metadata's words (review
   * 12: the Messages panel said nothing of it, so a delayed, chunked or cluster-restricted message
   * read like any other): `replicate_to [us-east]`, or `replicate_to [__local__]: replication
   * disabled` (`disableReplication`, Pulsar's own value, as the diagram shows it), `deliver_at_time: +5000 ms` (`deliverAfter`), `2 chunks` (a chunking
   * producer's send over the chunk payload, as `ProducerImpl.sendAsync` splits it).
   */
  readonly sentWith: readonly string[];
}

/**
 * One row per message the application sent, in the order of its first send. With `history` (the
 * run's first reports, heldSince) each flag says since when it holds, and a finding that held at an
 * earlier step but not at this one is listed as past.
 */
export function outcomeRows(w: World, history?: ReadonlyMap<string, HeldSince>): OutcomeRow[] {
  const readable = w.config.clusters.map(
    (c) => [c.name, w.topics[c.name] ? readableOf(w.topics[c.name]!) : []] as const,
  );
  const findings = messageFindings(w);
  const now = new Set(findings.map((f) => f.key));
  const past = [...(history ?? new Map<string, HeldSince>())]
    .filter(([key]) => !now.has(key))
    .map(([, h]) => h);
  return Object.entries(w.sendsOf).map(([msg, count]) => {
    const done = w.completions.filter((x) => x.msg === msg);
    const producer = done[0]?.producer ?? producerOf(w, msg);
    const cluster = done[0]?.cluster ?? w.producers[producer]?.cluster ?? '';
    const callbacks = Array.from({ length: count }, (_, i) =>
      callbackText(done.find((x) => x.sendIndex === i)),
    );
    const stored = readable.flatMap(([name, entries]) =>
      positionsOf(entries, msg, w.topics[name]?.chunkConsumer).map((at) => `${name} ${at}`),
    );
    const flags: OutcomeFlag[] = findings
      .filter((f) => f.messages.includes(msg))
      .map((f) => {
        const h = history?.get(f.key);
        const kind = f.invariant as OutcomeFlag['kind'];
        if (!h) return { kind, detail: f.detail };
        return h.detail === f.detail
          ? { kind, detail: f.detail, since: h.step }
          : { kind, detail: f.detail, since: h.step, then: h.detail };
      });
    for (const h of past)
      if (h.messages.includes(msg))
        flags.push({ kind: h.invariant, detail: h.detail, since: h.step, past: true });
    const failed = done.filter((c) => c.result === 'failed');
    if (
      failed.length > 0 &&
      failed.length === done.length &&
      stored.some((s) => s.startsWith(`${cluster} `))
    )
      flags.push({
        kind: 'failed-but-stored',
        detail: `the application was told ${failed[0]!.error ?? 'error'}, but ${cluster} stores ${msg}: a retry would store it again`,
      });
    const send = sendOf(w, msg);
    // Every link from this cluster: the first target that does not store it yet and that the
    // message's replicate_to does not leave out.
    const repl =
      replicationLinks(w.config).find(
        (l) =>
          l.cfg.from === cluster &&
          !stored.some((s) => s.startsWith(`${l.cfg.to} `)) &&
          !(send && excludedBySender(send, l.cfg.to)),
      )?.cfg ?? null;
    const notYetAt =
      repl !== null &&
      repl.from === cluster &&
      stored.some((s) => s.startsWith(`${cluster} `)) &&
      !stored.some((s) => s.startsWith(`${repl.to} `)) &&
      !flags.some((f) => f.kind === 'no-silent-loss' && !f.past)
        ? repl.to
        : null;
    return {
      msg,
      producer,
      cluster,
      callbacks,
      stored,
      flags,
      notYetAt,
      sentWith: send ? sentWith(w, send) : [],
    };
  });
}

type Send = Extract<WorkloadItem, { kind: 'send' }>;

/** The workload's send of `msg` (its first, if the workload names it twice). */
function sendOf(w: World, msg: string): Send | undefined {
  return w.config.workload.find((i): i is Send => i.kind === 'send' && i.msg === msg);
}

/** OutcomeRow.sentWith: the send's metadata beyond its payload, as the producer sets it. */
function sentWith(w: World, send: Send): string[] {
  const out: string[] = [];
  if (send.replicateTo?.length)
    out.push(
      `replicate_to [${send.replicateTo.join(', ')}]${send.replicateTo.includes(LOCAL_ONLY) ? ': replication disabled' : ''}`,
    );
  if (send.deliverAfter !== undefined) out.push(`deliver_at_time: +${send.deliverAfter} ms`);
  const producer = w.config.producers.find((p) => p.name === send.producer);
  const payload = producer ? chunkPayloadOf(producer) : 0;
  if (producer?.chunking && send.size !== undefined && send.size > payload)
    out.push(`${Math.ceil(send.size / payload)} chunks`);
  return out;
}

/** The application producer whose workload sends `msg` (a send not yet completed has no record). */
function producerOf(w: World, msg: string): string {
  for (const item of w.config.workload)
    if (item.kind === 'send' && item.msg === msg) return item.producer;
  return '';
}

/**
 * Where a reader of one topic finds `msg`: each entry holding it, or for a chunked message each
 * complete copy, from its first chunk's position to its last's (`10:0–10:1`, as a consumer's
 * `ChunkMessageIdImpl` spans them) — assembled in topic order as the invariants assemble it, so a
 * message with a chunk missing is found nowhere and a repeated chunk adds no second copy.
 */
function positionsOf(
  entries: readonly StoredEntry[],
  msg: string,
  rules: TopicState['chunkConsumer'],
): string[] {
  const out: string[] = [];
  const assemble = chunkAssembler(rules);
  for (const e of entries) {
    for (const m of e.msgs) {
      // Every chunk goes to the consumer, whichever message it is of: its limit counts them all.
      const set = m.chunk ? assemble(e.producerName, m, e) : null;
      if (m.msg !== msg) continue;
      if (!m.chunk) {
        out.push(`${e.ledgerId}:${e.entryId}`);
        break;
      }
      if (set) out.push(chunkSpan(set));
    }
  }
  return out;
}
