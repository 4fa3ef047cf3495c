// The producers part of the editor form: a producer as one line, both ways —
// `p1 producerName=w cluster=us-east client=go batching=10 …` — its options the JSON's own keys.
import { bool, lines, num, options, str, type Json, type Parsed } from './lineSyntax';

/**
 * `p1 producerName=w cluster=us-east client=go batching=10 batchBytes=1000 sequenceIds=explicit
 * pulsarClient=app chunking=true chunkMaxMessageSize=1000 maxPendingMessages=1 blockIfQueueFull=true
 * memoryLimitBytes=1000`. An empty
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
        p?.maxPendingMessages !== undefined && `maxPendingMessages=${str(p.maxPendingMessages)}`,
        p?.blockIfQueueFull !== undefined && `blockIfQueueFull=${str(p.blockIfQueueFull)}`,
        p?.memoryLimitBytes !== undefined && `memoryLimitBytes=${str(p.memoryLimitBytes)}`,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');
}

export function linesToProducers(text: string): Parsed<Json[]> {
  const out: Json[] = [];
  for (const { n, words, error } of lines(text)) {
    if (error !== undefined) return { ok: false, error };
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
      'maxPendingMessages',
      'blockIfQueueFull',
      'memoryLimitBytes',
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
      maxPendingMessages,
      blockIfQueueFull,
      memoryLimitBytes,
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
      ...(chunking !== undefined ? { chunking: bool(chunking) } : {}),
      ...(chunkMaxMessageSize !== undefined
        ? { chunkMaxMessageSize: num(chunkMaxMessageSize) }
        : {}),
      ...(maxPendingMessages !== undefined ? { maxPendingMessages: num(maxPendingMessages) } : {}),
      ...(blockIfQueueFull !== undefined ? { blockIfQueueFull: bool(blockIfQueueFull) } : {}),
      ...(memoryLimitBytes !== undefined ? { memoryLimitBytes: num(memoryLimitBytes) } : {}),
    });
  }
  return { ok: true, value: out };
}
