// The editor form's line syntax for the common parts of a scenario, both ways: the JSON's
// clusters, producers and workload as one line each, so a small form edits the same JSON.
// Parsing returns the JSON shape or an error naming the line; nothing throws.

type Json = Record<string, unknown>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const list = (v: unknown): string => (Array.isArray(v) ? v.map(str).join(',') : str(v));

/** `us-east brokers=broker-1,broker-2 bookies=bookie-1` */
export function clustersToLines(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((c: Json) =>
      [
        str(c?.name),
        c?.brokers !== undefined && `brokers=${list(c.brokers)}`,
        c?.bookies !== undefined && `bookies=${list(c.bookies)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

/**
 * `p1 producerName=w cluster=us-east client=go batching=10 batchBytes=1000 sequenceIds=explicit
 * pulsarClient=app chunking=true chunkMaxMessageSize=1000`. An empty
 * `batching: {}` is written with the validator's default count, 1000, so it reads back as batching on.
 */
export function producersToLines(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((p: Json) =>
      [
        str(p?.name),
        p?.producerName !== undefined && `producerName=${str(p.producerName)}`,
        p?.cluster !== undefined && `cluster=${str(p.cluster)}`,
        p?.client !== undefined && `client=${str(p.client)}`,
        p?.batching !== undefined && `batching=${str((p.batching as Json)?.maxMessages ?? 1000)}`,
        (p?.batching as Json)?.maxBytes !== undefined &&
          `batchBytes=${str((p.batching as Json).maxBytes)}`,
        p?.sequenceIds !== undefined && `sequenceIds=${str(p.sequenceIds)}`,
        p?.pulsarClient !== undefined && `pulsarClient=${str(p.pulsarClient)}`,
        p?.chunking !== undefined && `chunking=${str(p.chunking)}`,
        p?.chunkMaxMessageSize !== undefined && `chunkMaxMessageSize=${str(p.chunkMaxMessageSize)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

/**
 * `send M1 p1 seq=0 size=100 replicateTo=us-east,us-west` (`replicateTo=` is the empty list),
 * `send M2 p1 disableReplication=true`, `send M3 p1 deliverAfter=5000` (ms), `flush p1`, `await p1`
 */
export function workloadToLines(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((w: Json) => {
      if (w && typeof w.send === 'string')
        return [
          'send',
          w.send,
          str(w.producer),
          w.seq !== undefined && `seq=${str(w.seq)}`,
          w.size !== undefined && `size=${str(w.size)}`,
          w.replicateTo !== undefined && `replicateTo=${list(w.replicateTo)}`,
          w.disableReplication !== undefined && `disableReplication=${str(w.disableReplication)}`,
          w.deliverAfter !== undefined && `deliverAfter=${str(w.deliverAfter)}`,
        ]
          .filter(Boolean)
          .join(' ');
      if (w && typeof w.flush === 'string') return `flush ${w.flush}`;
      if (w && typeof w.await === 'string') return `await ${w.await}`;
      return JSON.stringify(w);
    })
    .join('\n');
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l, i) => ({ n: i + 1, words: l.trim().split(/\s+/).filter(Boolean) }))
    .filter((l) => l.words.length > 0);

function options(
  words: readonly string[],
  n: number,
  allowed: readonly string[],
): Parsed<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const w of words) {
    const eq = w.indexOf('=');
    const k = w.slice(0, eq);
    if (eq <= 0 || !allowed.includes(k))
      return {
        ok: false,
        error: `line ${n}: "${w}" — expected ${allowed.map((a) => `${a}=…`).join(', ')}`,
      };
    out[k] = w.slice(eq + 1);
  }
  return { ok: true, value: out };
}

const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : s);
const csv = (s: string) => s.split(',').filter(Boolean);
/** `true` / `false` as JSON booleans; anything else is kept as written, for the validator to name. */
const bool = (s: string): boolean | string => (s === 'true' ? true : s === 'false' ? false : s);

export function linesToClusters(text: string): Parsed<Json[]> {
  const out: Json[] = [];
  for (const { n, words } of lines(text)) {
    const o = options(words.slice(1), n, ['brokers', 'bookies']);
    if (!o.ok) return o;
    out.push({
      name: words[0],
      ...(o.value.brokers !== undefined ? { brokers: csv(o.value.brokers) } : {}),
      ...(o.value.bookies !== undefined ? { bookies: csv(o.value.bookies) } : {}),
    });
  }
  return { ok: true, value: out };
}

export function linesToProducers(text: string): Parsed<Json[]> {
  const out: Json[] = [];
  for (const { n, words } of lines(text)) {
    const o = options(words.slice(1), n, [
      'producerName',
      'cluster',
      'client',
      'batching',
      'batchBytes',
      'sequenceIds',
      'pulsarClient',
      'chunking',
      'chunkMaxMessageSize',
    ]);
    if (!o.ok) return o;
    const {
      producerName,
      cluster,
      client,
      batching,
      batchBytes,
      sequenceIds,
      pulsarClient,
      chunking,
      chunkMaxMessageSize,
    } = o.value;
    out.push({
      name: words[0],
      ...(producerName !== undefined ? { producerName } : {}),
      ...(cluster !== undefined ? { cluster } : {}),
      ...(client !== undefined ? { client } : {}),
      ...(batching !== undefined || batchBytes !== undefined
        ? {
            batching: {
              ...(batching !== undefined ? { maxMessages: num(batching) } : {}),
              ...(batchBytes !== undefined ? { maxBytes: num(batchBytes) } : {}),
            },
          }
        : {}),
      ...(sequenceIds !== undefined ? { sequenceIds } : {}),
      ...(pulsarClient !== undefined ? { pulsarClient } : {}),
      // `chunking=true` / `false` as booleans; anything else is kept for the validator to name.
      ...(chunking !== undefined
        ? { chunking: chunking === 'true' ? true : chunking === 'false' ? false : chunking }
        : {}),
      ...(chunkMaxMessageSize !== undefined ? { chunkMaxMessageSize: num(chunkMaxMessageSize) } : {}),
    });
  }
  return { ok: true, value: out };
}

export function linesToWorkload(text: string): Parsed<unknown[]> {
  const out: unknown[] = [];
  for (const { n, words } of lines(text)) {
    const [verb, a, b] = words;
    if (verb === 'send' && a && b) {
      const o = options(words.slice(3), n, [
        'seq',
        'size',
        'replicateTo',
        'disableReplication',
        'deliverAfter',
      ]);
      if (!o.ok) return o;
      const { seq, size, replicateTo, disableReplication, deliverAfter } = o.value;
      out.push({
        send: a,
        producer: b,
        ...(seq !== undefined ? { seq: num(seq) } : {}),
        ...(size !== undefined ? { size: num(size) } : {}),
        ...(replicateTo !== undefined ? { replicateTo: csv(replicateTo) } : {}),
        ...(disableReplication !== undefined
          ? { disableReplication: bool(disableReplication) }
          : {}),
        ...(deliverAfter !== undefined ? { deliverAfter: num(deliverAfter) } : {}),
      });
    } else if ((verb === 'flush' || verb === 'await') && a && words.length === 2) {
      out.push({ [verb]: a });
    } else if (verb?.startsWith('{')) {
      try {
        out.push(JSON.parse(words.join(' ')));
      } catch {
        return { ok: false, error: `line ${n}: not valid JSON` };
      }
    } else {
      return {
        ok: false,
        error: `line ${n}: expected "send <message> <producer> [seq=n] [size=n] [replicateTo=c1,c2] [disableReplication=true] [deliverAfter=ms]", "flush <producer>" or "await <producer>"`,
      };
    }
  }
  return { ok: true, value: out };
}

/** Faults: one JSON object per line. */
export function faultsToLines(v: unknown): string {
  return Array.isArray(v) ? v.map((f) => JSON.stringify(f)).join('\n') : '';
}

export function linesToFaults(text: string): Parsed<unknown[]> {
  const out: unknown[] = [];
  for (const [i, l] of text.split('\n').entries()) {
    if (l.trim() === '') continue;
    try {
      out.push(JSON.parse(l));
    } catch {
      return {
        ok: false,
        error: `line ${i + 1}: not a JSON object (one fault per line, e.g. {"kind":"lose-receipt","message":"M2"})`,
      };
    }
  }
  return { ok: true, value: out };
}

/**
 * Replication links: `us-east -> us-west dedup=v1 start=after-workload`, one line per link. One
 * line is written as the single object `replication` always meant, several as the list of links
 * (docs/scenario-format-extensions.md); no line removes `replication` (CommonParts' withPart).
 */
export function replicationToLines(v: unknown): string {
  const links = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? [v] : [];
  return links
    .map((l: Json) =>
      [
        str(l?.from),
        '->',
        str(l?.to),
        l?.dedup !== undefined && `dedup=${str(l.dedup)}`,
        l?.start !== undefined && `start=${str(l.start)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

export function linesToReplication(text: string): Parsed<Json | Json[]> {
  const out: Json[] = [];
  for (const { n, words } of lines(text)) {
    const [from, arrow, to] = words;
    if (!from || arrow !== '->' || !to)
      return {
        ok: false,
        error: `line ${n}: expected "<from cluster> -> <to cluster> [dedup=v1|v2] [start=immediately|after-workload]"`,
      };
    const o = options(words.slice(3), n, ['dedup', 'start']);
    if (!o.ok) return o;
    out.push({
      from,
      to,
      ...(o.value.dedup !== undefined ? { dedup: o.value.dedup } : {}),
      ...(o.value.start !== undefined ? { start: o.value.start } : {}),
    });
  }
  return { ok: true, value: out.length === 1 ? out[0]! : out };
}
