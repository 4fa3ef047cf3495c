// `producers`: who sends — the client library, batching, chunking, sequence ids and the
// PulsarClient a producer shares connections through. What each sends is in workload.ts.
import {
  BROKER_MAX_MESSAGE_SIZE,
  DEFAULT_BATCHING_MAX_BYTES,
  type ProducerConfig,
} from '../model/config';
import { checkClientMemoryLimits, readMemoryLimit } from './memoryLimit';
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
    r.known(o, path, [
      'name',
      'producerName',
      'cluster',
      'client',
      'batching',
      'sequenceIds',
      'pulsarClient',
      'chunking',
      'chunkMaxMessageSize',
      'maxPendingMessages',
      'blockIfQueueFull',
      'memoryLimitBytes',
    ]);
    const name =
      r.str(o.name, `${path}.name`, NAME, 'a producer name') ?? asWritten(o.name, `p${i}`);
    if (out.some((x) => x.name === name))
      r.fail(
        `${path}.name`,
        'a name not used by another producer (producerName may be shared)',
        name,
      );
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
    const client = r.oneOfOr(o.client, `${path}.client`, ['java', 'go'] as const, 'java');
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
        maxBytes =
          r.int(b.maxBytes, `${path}.batching.maxBytes`, 0, BROKER_MAX_MESSAGE_SIZE) ?? maxBytes;
    }
    const sequenceIds = r.oneOfOr(
      o.sequenceIds,
      `${path}.sequenceIds`,
      ['auto', 'explicit'] as const,
      'auto',
    );
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
    const elsewhere = out.find(
      (x) => pulsarClient !== undefined && x.pulsarClient === pulsarClient && x.cluster !== cluster,
    );
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
        r.fail(
          `${path}.chunkMaxMessageSize`,
          'a producer with "chunking": true (Java and Go read the chunk size only when chunking is enabled: add "chunking": true or remove it)',
          v,
        );
      else chunkMax = v;
    }
    const queue = readPendingQueue(r, o, path, client, chunking);
    const memory = readMemoryLimit(r, o, path, client, chunking, queue.blockIfQueueFull);
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
      ...queue,
      ...memory,
    });
  });
  checkClientMemoryLimits(r, out);
  return out;
}

/**
 * `maxPendingMessages` (Java an int, Go an int; 0 means "no limit" in Java ≥ 2.10 and 1000 in Go,
 * so the scenario says "absent" for that) and `blockIfQueueFull`. Only what was given is kept.
 */
function readPendingQueue(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  client: 'java' | 'go',
  chunking: boolean,
): Pick<ProducerConfig, 'maxPendingMessages' | 'blockIfQueueFull'> {
  const max =
    o.maxPendingMessages === undefined
      ? null
      : r.int(o.maxPendingMessages, `${path}.maxPendingMessages`, 1, MAX_JAVA_INT);
  const block =
    o.blockIfQueueFull === undefined
      ? null
      : r.bool(o.blockIfQueueFull, `${path}.blockIfQueueFull`);
  // Java since apache/pulsar#17795 takes a blocking chunked message's permits one chunk at a time,
  // writing each chunk as it gets one: the application waits in the middle of a message, which the
  // model's sends (whole at once or not at all) do not follow. Refused rather than modelled wrong.
  if (client === 'java' && chunking && max !== null && block === true)
    r.fail(
      `${path}.blockIfQueueFull`,
      'false or absent on a Java chunking producer with maxPendingMessages (ProducerImpl.sendAsync then takes one permit per chunk while it writes the chunks, which the model does not follow)',
      true,
    );
  return {
    ...(max === null ? {} : { maxPendingMessages: max }),
    ...(block === null ? {} : { blockIfQueueFull: block }),
  };
}
