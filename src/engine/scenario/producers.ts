// `producers` and `workload`: who sends (client, batching, sequence ids) and what each sends,
// flushes or awaits, in order.
import { BROKER_MAX_MESSAGE_SIZE, DEFAULT_BATCHING_MAX_BYTES, LOCAL_ONLY, type ProducerConfig, type WorkloadItem } from '../model/config';
import { NAME } from './names';
import { asWritten, type Reader } from './reader';

/** Java's `int` (ProducerConfigurationData.chunkMaxMessageSize): the largest size a scenario may give. */
const MAX_JAVA_INT = 2147483647;

export function readProducers(
  r: Reader,
  v: unknown,
  clusters: string[],
  allowEmpty: boolean,
): ProducerConfig[] {
  const raw = r.arr(v, '$.producers') ?? [];
  if (raw.length === 0 && Array.isArray(v) && !allowEmpty)
    r.fail(
      '$.producers',
      'at least one producer (an empty list is allowed only when topic.ledgers carries messages)',
      v,
    );
  const out: ProducerConfig[] = [];
  raw.forEach((p, i) => {
    const path = `$.producers[${i}]`;
    const o = r.obj(p, path);
    if (!o) return;
    r.known(o, path, ['name', 'producerName', 'cluster', 'client', 'batching', 'sequenceIds', 'pulsarClient', 'chunking', 'chunkMaxMessageSize']);
    const name = r.str(o.name, `${path}.name`, NAME, 'a producer name') ?? asWritten(o.name, `p${i}`);
    if (out.some((x) => x.name === name))
      r.fail(`${path}.name`, 'a name not used by another producer (producerName may be shared)', name);
    // The name on the wire may repeat: Pulsar refuses a second live producer with it on one topic
    // (ProducerBusy), and the same name in two clusters is two topics' business.
    const producerName =
      o.producerName === undefined
        ? name
        : (r.str(o.producerName, `${path}.producerName`, NAME, 'a producer name') ?? name);
    const cluster =
      o.cluster === undefined
        ? (clusters[0] ?? 'local')
        : (r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? 'local');
    const client =
      o.client === undefined
        ? 'java'
        : (r.oneOf(o.client, `${path}.client`, ['java', 'go'] as const) ?? 'java');
    let max = 0;
    let maxBytes = DEFAULT_BATCHING_MAX_BYTES;
    if (o.batching !== undefined) {
      const b = r.obj(o.batching, `${path}.batching`) ?? {};
      r.known(b, `${path}.batching`, ['maxMessages', 'maxBytes']);
      max =
        b.maxMessages === undefined
          ? 1000
          : (r.int(b.maxMessages, `${path}.batching.maxMessages`, 1, 10000) ?? 1);
      if (b.maxBytes !== undefined)
        maxBytes = r.int(b.maxBytes, `${path}.batching.maxBytes`, 0, BROKER_MAX_MESSAGE_SIZE) ?? maxBytes;
    }
    const sequenceIds =
      o.sequenceIds === undefined
        ? 'auto'
        : (r.oneOf(o.sequenceIds, `${path}.sequenceIds`, ['auto', 'explicit'] as const) ?? 'auto');
    // One PulsarClient (Java) or pulsar.Client (Go) is one library's object: the producers that
    // name it share its connections, so they must all be of that library.
    const pulsarClient =
      o.pulsarClient === undefined
        ? undefined
        : (r.str(o.pulsarClient, `${path}.pulsarClient`, NAME, 'a client name') ?? undefined);
    const other = out.find((x) => pulsarClient !== undefined && x.pulsarClient === pulsarClient);
    if (other && other.client !== client)
      r.fail(
        `${path}.pulsarClient`,
        `a client of the ${client} library (${other.name} names ${pulsarClient} as a ${other.client} client; a PulsarClient belongs to one library)`,
        pulsarClient,
      );
    // A PulsarClient is built on one cluster's serviceUrl, and the topic is the same name in every
    // cluster: its lookups (`BinaryProtoLookupService.getBroker`) always land in that cluster, so
    // one client cannot produce to the topic in two clusters at once.
    const elsewhere = out.find((x) => pulsarClient !== undefined && x.pulsarClient === pulsarClient && x.cluster !== cluster);
    if (elsewhere)
      r.fail(
        `${path}.cluster`,
        `cluster "${elsewhere.cluster}" (${elsewhere.name} names ${pulsarClient}, a PulsarClient serves the cluster of its serviceUrl)`,
        cluster,
      );
    // Chunking cannot be had with batching: Java ProducerBuilderImpl.create refuses it ("Batching
    // and chunking of messages can't be enabled together"), and so does Go's newProducer for
    // EnableChunking without DisableBatching ("batching and chunking can not be enabled together").
    let chunking = false;
    if (o.chunking !== undefined) {
      if (typeof o.chunking !== 'boolean') r.fail(`${path}.chunking`, 'true or false', o.chunking);
      else if (o.chunking && max > 0)
        r.fail(
          `${path}.chunking`,
          client === 'java'
            ? 'false while batching is on (Pulsar\'s producer builder refuses batching and chunking together: remove "batching")'
            : 'false while batching is on (pulsar-client-go\'s newProducer refuses EnableChunking without DisableBatching: remove "batching")',
          o.chunking,
        );
      else chunking = o.chunking;
    }
    // Java chunkMaxMessageSize (an int, -1 by default: off) / Go ChunkMaxMessageSize (a uint, 0: off).
    // Both ignore it without chunking; a scenario that gives it there most likely forgot `chunking`.
    let chunkMax: number | null = null;
    if (o.chunkMaxMessageSize !== undefined) {
      const v = r.int(o.chunkMaxMessageSize, `${path}.chunkMaxMessageSize`, 1, MAX_JAVA_INT);
      if (v !== null && o.chunking !== true)
        r.fail(`${path}.chunkMaxMessageSize`, 'a producer with "chunking": true (Java and Go read the chunk size only when chunking is enabled: add "chunking": true or remove it)', v);
      else chunkMax = v;
    }
    out.push({
      name,
      producerName,
      cluster,
      client,
      batchingMaxMessages: max,
      batchingMaxBytes: maxBytes,
      sequenceIds,
      ...(pulsarClient === undefined ? {} : { pulsarClient }),
      ...(chunking ? { chunking: true as const } : {}),
      ...(chunking && chunkMax !== null ? { chunkMaxMessageSize: chunkMax } : {}),
    });
  });
  return out;
}

export function readWorkload(r: Reader, v: unknown, producers: ProducerConfig[], clusters: readonly string[] = []): WorkloadItem[] {
  const names = producers.map((p) => p.name);
  const raw = v === undefined ? [] : (r.arr(v, '$.workload') ?? []);
  return raw.flatMap((item, i): WorkloadItem[] => {
    const path = `$.workload[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    if ('send' in o) {
      r.known(o, path, ['send', 'producer', 'seq', 'size', 'replicateTo', 'disableReplication', 'deliverAfter', 'deliverAt']);
      const msg = r.str(o.send, `${path}.send`, NAME, 'a message id') ?? asWritten(o.send, 'M');
      const producer = r.oneOf(o.producer, `${path}.producer`, names) ?? '';
      const pc = producers.find((p) => p.name === producer);
      if (o.seq === undefined && pc?.sequenceIds === 'explicit')
        r.fail(`${path}.seq`, `a sequence id (producer ${producer} uses explicit sequence ids)`);
      const seq = o.seq === undefined ? undefined : (r.int(o.seq, `${path}.seq`, 0) ?? 0);
      const size =
        o.size === undefined ? undefined : (r.int(o.size, `${path}.size`, 0) ?? undefined);
      const replication = readReplicateTo(r, o, path, clusters);
      const deliverAfter = readDeliverAfter(r, o, path);
      return [
        {
          kind: 'send',
          msg,
          producer,
          ...(seq === undefined ? {} : { seq }),
          ...(size === undefined ? {} : { size }),
          ...replication,
          ...(deliverAfter === undefined ? {} : { deliverAfter }),
        },
      ];
    }
    for (const kind of ['flush', 'await'] as const) {
      if (kind in o) {
        r.known(o, path, [kind]);
        return [{ kind, producer: r.oneOf(o[kind], `${path}.${kind}`, names) ?? '' }];
      }
    }
    r.fail(
      path,
      'one of {"send": …, "producer": …}, {"flush": producer}, {"await": producer}',
      item,
    );
    return [];
  });
}

/**
 * A send's `replicateTo` / `disableReplication` (extension): the message's `replicate_to`.
 * Java's builder clears the list on each call (`TypedMessageBuilderImpl.replicationClusters` and
 * `disableReplication` both `clearReplicateTo()` first), so the later call wins; Go's
 * `updateMetaData` lets `DisableReplication` overwrite `ReplicationClusters`. A JSON object has no
 * call order, so both together are refused rather than guessed. An empty list is accepted: it is
 * what `replicationClusters(List.of())` sends, and `hasReplicateTo()` is false for it (no
 * restriction) — though Go then does not batch the message (`ReplicationClusters != nil`).
 */
function readReplicateTo(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  clusters: readonly string[],
): { replicateTo?: readonly string[]; disableReplication?: true } {
  if (o.replicateTo !== undefined && o.disableReplication !== undefined) {
    r.fail(
      `${path}.disableReplication`,
      'either replicateTo or disableReplication, not both (Java\'s builder keeps the later call, Go\'s DisableReplication overrides ReplicationClusters; a JSON object has no call order)',
      o.disableReplication,
    );
    return {};
  }
  if (o.disableReplication !== undefined) {
    const off = r.bool(o.disableReplication, `${path}.disableReplication`);
    if (off === false)
      r.fail(`${path}.disableReplication`, 'true (leave the field out to replicate as the namespace does)', false);
    return off ? { replicateTo: [LOCAL_ONLY], disableReplication: true } : {};
  }
  if (o.replicateTo === undefined) return {};
  const raw = r.arr(o.replicateTo, `${path}.replicateTo`) ?? [];
  const out: string[] = [];
  raw.forEach((c, j) => {
    const at = `${path}.replicateTo[${j}]`;
    if (!clusters.includes(c as string)) {
      // The `__local__` hint only for a user who wrote Pulsar's own value; a typo gets the clusters (and the reader's "did you mean").
      const local = c === LOCAL_ONLY ? `; for "${LOCAL_ONLY}" write "disableReplication": true` : '';
      r.fail(at, `a cluster the scenario declares (${clusters.map((x) => JSON.stringify(x)).join(' | ')})${local}`, c);
      return;
    }
    if (out.includes(c as string)) r.fail(at, `a cluster not already listed in replicateTo`, c);
    else out.push(c as string);
  });
  return { replicateTo: out };
}

/**
 * A send's `deliverAfter` (extension): ms of delayed delivery, a positive integer (Java
 * `deliverAfter(delay, unit)`, Go `DeliverAfter`; Go ignores a delay ≤ 0 and Java's builder would
 * send a deliver_at_time in the past, so neither means "delayed" — leave the field out instead).
 * `deliverAt` (an absolute time) is refused: the model has no clock to put it on.
 */
function readDeliverAfter(r: Reader, o: Record<string, unknown>, path: string): number | undefined {
  if (o.deliverAt !== undefined) {
    r.fail(`${path}.deliverAt`, '"deliverAfter" (ms, a positive integer) instead: the model has no clock to place an absolute deliverAt on', o.deliverAt);
    return undefined;
  }
  const v = o.deliverAfter;
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= Number.MAX_SAFE_INTEGER) return v;
  r.fail(`${path}.deliverAfter`, 'a delay in ms, an integer from 1 (leave the field out for no delay)', v);
  return undefined;
}
