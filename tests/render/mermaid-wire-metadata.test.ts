// @vitest-environment node
// The wire arrow of a CommandSend says what its MessageMetadata asks beyond the ids — replicate_to
// and deliver_at_time — so that a reader of the diagram alone sees which entry the replicator will
// skip and why a send went alone, at the first send and at every resend (UX review 13; review 12
// left it to the sendAsync note, which a batch-mate's or a resend's reader never sees).
import { describe, expect, it } from 'vitest';
import { toMermaid } from '../../src/engine/index';
import { runOf, type Json } from '../scenarios/helpers';
import { runBuiltin } from './runBuiltin';

const arrows = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^\s*P\d+->>P\d+:/.test(l))
    .map((l) => l.replace(/^\s*P\d+->>P\d+: /, ''));

const geo = (workload: Json[], extra: Json = {}): Json => ({
  id: 'wire-metadata',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east', batching: { maxMessages: 10 } }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  workload,
  ...extra,
});

describe('render: the wire arrow carries the frame’s replicate_to and deliver_at_time', () => {
  it('a Java batch opened by M1 (replicate_to [us-east]): the arrow says the batch carries M1’s list, and the replicator skips M2 with it', () => {
    const r = runOf(
      geo([
        { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
        { send: 'M2', producer: 'p1' },
        { flush: 'p1' },
      ]),
    );
    const text = toMermaid(r).text;
    expect(arrows(text)).toContain('6 · M1+M2 seq 0..1 replicate_to [us-east]');
    expect(text).toContain(
      'Skipping message at position 10:0, replicateTo [us-east]: replicate_to excludes us-west',
    );
    expect(r.violations.map((v) => v.detail)).toEqual([
      "M2 (us-east 10:0) was skipped by the replicator (mark-delete 10:0): the entry's replicate_to [us-east] (its batch's first message's, M1) excludes us-west, but M2 was sent for us-west",
    ]);
  });

  it('the other order: M2 opens the batch, so the arrow carries no list and M1 travels to us-west', () => {
    const r = runOf(
      geo([
        { send: 'M2', producer: 'p1' },
        { send: 'M1', producer: 'p1', replicateTo: ['us-east'] },
        { flush: 'p1' },
      ]),
    );
    const sent = arrows(toMermaid(r).text).filter((l) => l.includes('M2+M1 seq'));
    // The client's send and the replicator's copy of the entry: neither carries a list.
    expect(sent).toHaveLength(2);
    for (const l of sent) expect(l).not.toContain('replicate_to');
  });

  it('a resend after a lost receipt repeats the list: the reader of the resend’s arrow sees it too', () => {
    const r = runOf(
      geo([{ send: 'M1', producer: 'p1', replicateTo: ['us-east'] }], {
        producers: [{ name: 'p1', cluster: 'us-east' }],
        faults: [{ kind: 'lose-receipt', message: 'M1', cluster: 'us-east' }],
      }),
    );
    const m1 = arrows(toMermaid(r).text).filter((l) => / · M1 seq 0/.test(l));
    expect(m1.length).toBe(2);
    for (const l of m1) expect(l).toMatch(/M1 seq 0 replicate_to \[us-east\]$/);
  });

  it('disableReplication is drawn with Pulsar’s own [__local__] on the arrow', () => {
    const r = runOf(
      geo([{ send: 'M1', producer: 'p1', disableReplication: true }], {
        producers: [{ name: 'p1', cluster: 'us-east' }],
      }),
    );
    expect(arrows(toMermaid(r).text)).toContain('4 · M1 seq 0 replicate_to [__local__]');
  });

  it('the built-ins: a delayed message’s arrow says deliver_at_time, Go’s and Java’s; geo-replicate-to-local’s M1 says its list, M2 none', () => {
    expect(arrows(toMermaid(runBuiltin('go-delayed-overtakes-batch')).text)).toContain(
      '4 · M2 seq 1 deliver_at_time +5000 ms',
    );
    expect(arrows(toMermaid(runBuiltin('java-delayed-flushes-batch')).text)).toEqual(
      expect.arrayContaining(['4 · M1 seq 0', '7 · M2 seq 1 deliver_at_time +5000 ms']),
    );
    const local = arrows(toMermaid(runBuiltin('geo-replicate-to-local')).text);
    expect(local).toContain('4 · M1 seq 0 replicate_to [us-east]');
    expect(local).toContain('9 · M2 seq 1');
    expect(local).toContain('13 · M2 seq 1');
  });
});
