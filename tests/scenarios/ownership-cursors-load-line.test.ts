// The load line of an ownership change says how dedup was rebuilt, as an unload's and a crash's
// load say it (review 27, p02b step 16). Every load replays the topic for the dedup maps
// (`MessageDeduplication.replayCursor`), starting from the dedup snapshot when one was taken (the
// pulsar.dedup cursor's properties) — the takeover's load too, so its words must not leave it out.
import { describe, expect, it } from 'vitest';
import { type Json, runOf } from './helpers';

/** One cluster over one bookie, dedup with a snapshot every entry; p1 writes M1, then M2; `fault`
 * fires once M1's receipt reached p1. */
const world = (fault: Json): Json => ({
  id: 'ownership-load-line',
  clusters: [{ name: 'local', brokers: ['broker-1', 'broker-2'], bookies: ['bookie-1'] }],
  topic: {
    deduplication: true,
    deduplicationEntriesInterval: 1,
    ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 },
  },
  producers: [{ name: 'p1' }],
  workload: [{ send: 'M1', producer: 'p1' }, { await: 'p1' }, { send: 'M2', producer: 'p1' }],
  faults: [{ ...fault, cluster: 'local', after: { event: 'acked', message: 'M1' } }],
});

const REBUILT =
  'dedup state rebuilt by replay from the dedup snapshot (the pulsar.dedup cursor’s properties) and the entries after its mark-delete';

/** The replay lines of a run, `broker: text`. */
const replayLines = (fault: Json): string[] =>
  runOf(world(fault))
    .steps.flatMap((s) => s.events)
    .filter((e) => e.rule === 'MessageDeduplication.replayCursor')
    .map((e) => `${e.actor}: ${e.text}`);

describe('how each load says dedup was rebuilt', () => {
  it('an ownership change: broker-2, serving the topic, says it replayed from the snapshot', () => {
    const r = runOf(world({ kind: 'ownership-change', to: 'broker-2' }));
    const served = r.steps.find((s) => s.events.some((e) => e.text.startsWith('now serves')))!;
    expect(served.events.filter((e) => e.actor === 'broker-2').map((e) => e.text)).toEqual([
      'now serves the topic (current ledger 11)',
      `topic loaded (taken over from broker-1): ${REBUILT}`,
    ]);
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
  it('the same words as an unload’s load and a crash’s load of the same topic', () => {
    expect(replayLines({ kind: 'ownership-change', to: 'broker-2' })).toEqual([
      `broker-2: topic loaded (taken over from broker-1): ${REBUILT}`,
    ]);
    expect(replayLines({ kind: 'unload-topic' })).toEqual([`broker-1: topic loaded: ${REBUILT}`]);
    expect(replayLines({ kind: 'restart-broker' })).toEqual([
      `broker-1: topic loaded after broker-1 crashed: ${REBUILT}`,
    ]);
  });
});
