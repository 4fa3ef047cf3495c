// @vitest-environment node
// The consumer's side of chunking (`ConsumerImpl.processMessageChunk`): what a reader assembles from
// the chunk entries a topic holds. Before PR 20948 any chunk that is not the next id — a resent first
// chunk included — drops the message being assembled; with it a repeated chunk is skipped, a resent
// first chunk starts the message again, and a gap still drops it. The `consumer` block's limit
// (`maxPendingChunkedMessage` with `autoAckOldestChunkedMessageOnQueueFull`) acknowledges the oldest
// open message away. Each shows through storedMessages and the invariants, never by name.
import { describe, expect, it } from 'vitest';
import { loadScenario, outcomeRows } from '../../src/engine';
import { chunkAssembler, consumerDrops } from '../../src/engine/protocol/ConsumerImplChunks';
import type { MsgRef } from '../../src/engine/model/producer';
import type { ChunkConsumer } from '../../src/engine/model/topic';
import { type Json, runBuiltin, runOf } from './helpers';

/** Feed chunks `[producer, seq, chunk id, of]` in order; answer the spans of completed messages. */
function assembled(rules: ChunkConsumer | undefined, chunks: [string, number, number, number][]) {
  const feed = chunkAssembler(rules);
  return chunks.flatMap(([p, seq, id, of], entryId) => {
    const m = { msg: `${p}-${seq}`, seq, sendIndex: 0, chunk: { id, of } } as unknown as MsgRef;
    const set = feed(p, m, { ledgerId: 10, entryId });
    return set ? [`${m.msg} ${set.map((x) => x.entryId).join(',')}`] : [];
  });
}
const PRE_FIX: ChunkConsumer = { filtersRepeats: false, maxPending: 0 };

describe('processMessageChunk: repeats, resends and gaps', () => {
  it('with PR 20948: a resent first chunk starts again, a repeated chunk is skipped', () => {
    expect(
      assembled(undefined, [
        ['p1', 0, 0, 2],
        ['p1', 0, 0, 2],
        ['p1', 0, 1, 2],
      ]),
    ).toEqual(['p1-0 1,2']);
    expect(
      assembled(undefined, [
        ['p1', 0, 0, 3],
        ['p1', 0, 1, 3],
        ['p1', 0, 1, 3],
        ['p1', 0, 2, 3],
      ]),
    ).toEqual(['p1-0 0,1,3']);
  });
  it('before it: either repeat drops the message', () => {
    expect(
      assembled(PRE_FIX, [
        ['p1', 0, 0, 2],
        ['p1', 0, 0, 2],
        ['p1', 0, 1, 2],
      ]),
    ).toEqual([]);
    expect(
      assembled(PRE_FIX, [
        ['p1', 0, 0, 3],
        ['p1', 0, 1, 3],
        ['p1', 0, 1, 3],
        ['p1', 0, 2, 3],
      ]),
    ).toEqual([]);
    expect(
      assembled(PRE_FIX, [
        ['p1', 0, 0, 2],
        ['p1', 0, 1, 2],
      ]),
    ).toEqual(['p1-0 0,1']);
  });
  it('a gap drops the context on either side of the fix: the missing chunk coming later does not revive it', () => {
    const gap: [string, number, number, number][] = [
      ['p1', 0, 0, 3],
      ['p1', 0, 2, 3],
      ['p1', 0, 1, 3],
      ['p1', 0, 2, 3],
    ];
    expect(assembled(undefined, gap)).toEqual([]);
    expect(assembled(PRE_FIX, gap)).toEqual([]);
    // What no-silent-loss then says: the first drop, where and why.
    const entries = gap.map(([producerName, seq, id, of], entryId) => ({
      ledgerId: 10,
      entryId,
      producerName,
      msgs: [{ msg: 'M1', seq, sendIndex: 0, chunk: { id, of } } as unknown as MsgRef],
    }));
    expect([...consumerDrops(entries, undefined)]).toEqual([
      ['M1', 'the consumer dropped it at 10:1, at M1[3/3] after M1[1/3] (an unexpected chunk)'],
    ]);
  });
});

describe('the pending limit, acknowledging what it evicts', () => {
  const limit = (maxPending: number): ChunkConsumer => ({ filtersRepeats: true, maxPending });
  const interleaved: [string, number, number, number][] = [
    ['p1', 0, 0, 2],
    ['p2', 0, 0, 2],
    ['p1', 0, 1, 2],
    ['p2', 0, 1, 2],
  ];
  it('at 1, the second open message evicts the first', () => {
    expect(assembled(limit(1), interleaved)).toEqual(['p2-0 1,3']);
    expect(assembled(limit(2), interleaved)).toEqual(['p1-0 0,2', 'p2-0 1,3']);
  });
  it('Java’s count is not lowered when a resent first chunk replaces a context: at 2, one resend earlier evicts a live message', () => {
    const resentFirst: [string, number, number, number][] = [
      ['p1', 1, 0, 2],
      ['p1', 1, 0, 2],
      ['p1', 1, 1, 2],
    ];
    expect(assembled(limit(2), [...resentFirst, ...interleaved])).toEqual(['p1-1 1,2', 'p2-0 4,6']);
    expect(assembled(limit(2), interleaved)).toEqual(['p1-0 0,2', 'p2-0 1,3']);
  });
});

const SIZE = 6000000;
/** Dedup off: the disconnect after M1[1/2] is stored makes p1 resend it, so the topic holds it twice. */
const resent: Json = {
  id: 'resent-first-chunk',
  producers: [{ name: 'p1', chunking: true }],
  workload: [{ send: 'M1', producer: 'p1', size: SIZE }],
  faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'persisted', message: 'M1' } }],
};
const RESENT = [
  'connect:p1',
  'send:p1:M1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'fault:disconnect:p1',
  'connect:p1',
  'deliver:p1->broker-1:M1[1/2]',
  'persist:local:M1[1/2]',
  'deliver:p1->broker-1:M1[2/2]',
  'persist:local:M1[2/2]',
  'deliver:broker-1->p1:M1',
  'deliver:broker-1->p1:M1',
];

describe('a run whose topic holds the first chunk twice (no deduplication)', () => {
  it('before PR 20948 the consumer drops M1 at the resent chunk: no-silent-loss, nothing stored', () => {
    const r = runOf(resent, RESENT);
    expect(r.error).toBeNull();
    expect(r.stored.local).toEqual([]);
    expect(r.violations.map((v) => [v.invariant, v.detail])).toEqual([
      [
        'no-silent-loss',
        'M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
      ],
    ]);
  });
  it('with pr-20948 the resent chunk starts M1 again and it is read from 10:1 to 10:2', () => {
    const r = runOf({ ...resent, fixes: ['pr-20948'] }, RESENT);
    expect(r.stored.local).toEqual(['M1']);
    expect(r.violations).toEqual([]);
    const last = r.steps[r.steps.length - 1]!.world;
    expect(outcomeRows(last).find((x) => x.msg === 'M1')?.stored).toEqual(['local 10:1–10:2']);
  });
});

/** Two producers whose chunks interleave on the topic. */
const two = (consumer?: Json): Json => ({
  id: 'two-chunked',
  producers: [
    { name: 'p1', chunking: true },
    { name: 'p2', chunking: true },
  ],
  workload: [
    { send: 'M1', producer: 'p1', size: SIZE },
    { send: 'M2', producer: 'p2', size: SIZE },
  ],
  fixes: ['pr-20948'],
  ...(consumer ? { consumer } : {}),
});
const INTERLEAVED = [
  'connect:p1',
  'connect:p2',
  'send:p1:M1',
  'send:p2:M2',
  'deliver:p1->broker-1:M1[1/2]',
  'deliver:p2->broker-1:M2[1/2]',
  'persist:local:M1[1/2]',
  'persist:local:M2[1/2]',
  'deliver:p1->broker-1:M1[2/2]',
  'deliver:p2->broker-1:M2[2/2]',
  'persist:local:M1[2/2]',
  'persist:local:M2[2/2]',
];

describe('consumer: maxPendingChunkedMessage with autoAckOldestChunkedMessageOnQueueFull', () => {
  it('at 1, M2’s first chunk evicts M1, whose chunks are acknowledged: M1 is lost to the reader', () => {
    const r = runOf(
      two({ maxPendingChunkedMessage: 1, autoAckOldestChunkedMessageOnQueueFull: true }),
      INTERLEAVED,
    );
    expect(r.stored.local).toEqual(['M2']);
    expect(r.violations.map((v) => [v.invariant, v.messages, v.detail])).toEqual([
      [
        'no-silent-loss',
        ['M1'],
        "M1 was completed as a success at 10:2 for p1, but local does not store it: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
      ],
    ]);
    const rows = outcomeRows(r.steps[r.steps.length - 1]!.world);
    expect(rows.map((x) => [x.msg, x.stored])).toEqual([
      ['M1', []],
      ['M2', ['local 10:1–10:3']],
    ]);
  });
  it('without the auto-ack the evicted chunks stay unacknowledged (a stall, not a loss), and at 2 nothing is evicted', () => {
    for (const consumer of [
      { maxPendingChunkedMessage: 1 },
      { maxPendingChunkedMessage: 2, autoAckOldestChunkedMessageOnQueueFull: true },
      {},
    ]) {
      const r = runOf(two(consumer), INTERLEAVED);
      expect(r.stored.local, JSON.stringify(consumer)).toEqual(['M1', 'M2']);
      expect(r.violations).toEqual([]);
    }
  });
  it('an empty block leaves a built-in as it was', () => {
    const a = runBuiltin('chunked-dedup-pr-20948');
    const b = runBuiltin('chunked-dedup-pr-20948', [], { consumer: {} });
    expect(b.violations).toEqual(a.violations);
    expect(b.stored).toEqual(a.stored);
  });
  it('bad input names the field', () => {
    const errors = (consumer: unknown): string[] => {
      const l = loadScenario({ format: 'dedup-lab/scenario@1', ...two(), consumer });
      return l.ok ? [] : l.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(errors({ maxPendingChunkedMessage: -1 })).toEqual([
      '$.consumer.maxPendingChunkedMessage: expected an integer from 0 to 2147483647, got -1',
    ]);
    expect(errors({ autoAckOldestChunkedMessageOnQueueFull: 'yes' })).toEqual([
      '$.consumer.autoAckOldestChunkedMessageOnQueueFull: expected true or false, got "yes"',
    ]);
    expect(errors({ maxPending: 3 })[0]).toMatch(/^\$\.consumer\.maxPending: unknown field/);
    expect(errors([])).toEqual(['$.consumer: expected an object, got an array']);
  });
});
