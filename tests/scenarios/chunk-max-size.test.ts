// @vitest-environment node
// `producers[].chunkMaxMessageSize` — Java `ProducerBuilder.chunkMaxMessageSize`, Go
// `ProducerOptions.ChunkMaxMessageSize`: a chunking producer cuts a message into chunks of at most
// that payload when it is smaller than what the connection allows (Java ProducerImpl.sendAsync:
// min(chunkMaxMessageSize, maxMessageSize − metadata); Go partitionProducer.updateChunkInfo: the
// same min). A message at or under it goes whole; without `chunking` both clients ignore it, so the
// scenario refuses it there and says why.
import { describe, expect, it } from 'vitest';
import { loadScenario, outcomeRows } from '../../src/engine';
import { type Json, runOf, textsOf } from './helpers';

const scenario = (producer: Json, workload: Json[]): Json => ({
  id: 'chunk-max-size',
  topic: { deduplication: true },
  producers: [{ name: 'p1', chunking: true, ...producer }],
  workload,
  fixes: ['pr-20948'],
});
const adds = (r: ReturnType<typeof runOf>): string[] =>
  r.steps.flatMap((s) => s.events.filter((e) => e.text.startsWith('add ')).map((e) => e.text));
const errorsOf = (s: Json): string[] => {
  const l = loadScenario({ format: 'dedup-lab/scenario@1', ...s });
  return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('a chunk size under the broker’s: small messages are chunked', () => {
  it('Java, 1000 bytes a chunk: M1 of 2,500 bytes goes as three chunks (1000, 1000, 500) with seq 0; M2 of 800 goes whole', () => {
    const r = runOf(
      scenario({ chunkMaxMessageSize: 1000 }, [
        { send: 'M1', producer: 'p1', size: 2500 },
        { send: 'M2', producer: 'p1', size: 800 },
      ]),
    );
    expect(textsOf(r, 'p1')).toContain(
      'M1: 2500 bytes > 1000 per chunk (chunkMaxMessageSize): 3 chunks, seq 0 each',
    );
    expect(textsOf(r, 'p1')).toContain('send M2 seq 1');
    expect(adds(r)).toEqual([
      'add M1[1/3] → 10:0',
      'add M1[2/3] → 10:1',
      'add M1[3/3] → 10:2',
      'add M2 → 10:3',
    ]);
    const entries = r.steps
      .at(-1)!
      .world.topics.local!.ledgers.flatMap((l) =>
        l.entries.flatMap((e) => e.msgs.map((m) => m.size)),
      );
    expect(entries).toEqual([1000, 1000, 500, 800]);
    expect(r.outcomes).toEqual({ M1: ['stored at 10:2'], M2: ['stored at 10:3'] });
    expect(r.stored).toEqual({ local: ['M1', 'M2'] });
    expect(outcomeRows(r.steps.at(-1)!.world).map((row) => [row.msg, row.sentWith])).toEqual([
      ['M1', ['3 chunks']],
      ['M2', []],
    ]);
  });
  it('Go names its option, and before PR 20948 its second chunk is Dup as with the broker’s size', () => {
    const r = runOf({
      ...scenario({ client: 'go', chunkMaxMessageSize: 600 }, [
        { send: 'M1', producer: 'p1', size: 1000 },
      ]),
      fixes: [],
    });
    expect(textsOf(r, 'p1')).toContain(
      'M1: 1000 bytes > 600 per chunk (ChunkMaxMessageSize): 2 chunks, seq 0 each',
    );
    expect(textsOf(r, 'broker-1')).toContain(
      'Dup (seq 0, chunk 2/2 ≤ pushed 0, persisted 0): dropped, receipt -1:-1',
    );
    expect(r.violations.map((v) => v.invariant)).toEqual(['no-silent-loss']);
  });
  it('a size at the cap is one frame: 1000 bytes under a 1000-byte cap is not chunked', () => {
    const r = runOf(
      scenario({ chunkMaxMessageSize: 1000 }, [{ send: 'M1', producer: 'p1', size: 1000 }]),
    );
    expect(adds(r)).toEqual(['add M1 → 10:0']);
  });
  it('a cap above the broker’s chunk payload changes nothing: the broker’s size less the metadata wins', () => {
    const capped = runOf(
      scenario({ chunkMaxMessageSize: 6000000 }, [{ send: 'M1', producer: 'p1', size: 6000000 }]),
    );
    const plain = runOf(scenario({}, [{ send: 'M1', producer: 'p1', size: 6000000 }]));
    expect(textsOf(capped, 'p1')).toContain(
      'M1: 6000000 bytes > 5242868 per chunk: 2 chunks, seq 0 each',
    );
    expect(capped.steps.map((s) => s.events.map((e) => e.text))).toEqual(
      plain.steps.map((s) => s.events.map((e) => e.text)),
    );
  });
});

describe('what the scenario refuses, naming the field', () => {
  const base = { id: 'bad', workload: [{ send: 'M1', producer: 'p1' }] };
  it.each([
    [
      { name: 'p1', chunkMaxMessageSize: 1000 },
      '$.producers[0].chunkMaxMessageSize: expected a producer with "chunking": true (Java and Go read the chunk size only when chunking is enabled: add "chunking": true or remove it), got 1000',
    ],
    [
      { name: 'p1', chunking: false, chunkMaxMessageSize: 1000 },
      '$.producers[0].chunkMaxMessageSize: expected a producer with "chunking": true (Java and Go read the chunk size only when chunking is enabled: add "chunking": true or remove it), got 1000',
    ],
    [
      { name: 'p1', chunking: true, chunkMaxMessageSize: 0 },
      '$.producers[0].chunkMaxMessageSize: expected an integer from 1 to 2147483647, got 0',
    ],
    [
      { name: 'p1', chunking: true, chunkMaxMessageSize: '1k' },
      '$.producers[0].chunkMaxMessageSize: expected an integer from 1 to 2147483647, got "1k"',
    ],
    [
      { name: 'p1', chunking: true, chunkMaxMessageSize: 2.5 },
      '$.producers[0].chunkMaxMessageSize: expected an integer from 1 to 2147483647, got 2.5',
    ],
  ])('%j', (producer, error) => {
    expect(errorsOf({ ...base, producers: [producer] })).toEqual([error]);
  });
  it('a whole number from 1 with chunking is accepted, for Java and Go', () => {
    expect(
      errorsOf({ ...base, producers: [{ name: 'p1', chunking: true, chunkMaxMessageSize: 1 }] }),
    ).toEqual([]);
    expect(
      errorsOf({
        ...base,
        producers: [{ name: 'p1', client: 'go', chunking: true, chunkMaxMessageSize: 2147483647 }],
      }),
    ).toEqual([]);
  });
});
