// Message TTL (the `expire-messages` fault): `PersistentTopic.checkMessageExpiry` asks every
// subscription and every replicator of the topic to expire what outlived the TTL, and each one's
// `PersistentMessageExpiryMonitor` mark-deletes its cursor up to the newest expired entry. A
// replicator's cursor is expired like any other, so what it had not replicated yet never reaches
// the remote; what it already has in flight still does, unless that send fails and the rewind
// starts after the expired entries.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { exploreOf, type Json, runBuiltin, runOf, stepOf } from './helpers';

const geo = (faults: Json[], extra: Json = {}): Json => ({
  id: 'ttl',
  clusters: [
    { name: 'us-east', brokers: ['broker-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: { deduplication: true },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
  workload: [
    { send: 'M1', producer: 'p1' },
    { await: 'p1' },
    { send: 'M2', producer: 'p1' },
    { await: 'p1' },
  ],
  faults,
  ...extra,
});

describe('built-in geo-ttl-expires-backlog: the TTL passes while the replicator is behind', () => {
  const r = runBuiltin('geo-ttl-expires-backlog');
  it('the expiry check mark-deletes the replicator cursor past M1 and M2 before it read them', () => {
    const at = stepOf(r, 'message TTL passes at us-east: every entry stored so far has expired');
    expect(r.steps[at]!.key).toBe('fault:expire-messages:us-east');
    const c = r.steps[at]!.world.replicator!.cursor;
    expect([c.markDeletePosition, c.readPosition]).toEqual([
      { ledgerId: 10, entryId: 1 },
      { ledgerId: 10, entryId: 2 },
    ]);
    expect(r.steps[at]!.events.map((e) => e.rule)).toContain(
      'PersistentMessageExpiryMonitor.findEntryComplete',
    );
  });
  it('the subscription is expired too: its consumer never receives M2', () => {
    const sub = r.steps[r.steps.length - 1]!.world.topics['us-east']!.subscriptions.sub!;
    expect(sub.received.flatMap((x) => x.msgs.map((m) => m.msg))).toEqual(['M1', 'M3']);
  });
  it('us-west stores only M3 (written after the check); no-silent-loss names M1 and M2 as expired by the TTL', () => {
    expect(r.stored).toEqual({ 'us-east': ['M1', 'M2', 'M3'], 'us-west': ['M3'] });
    expect(r.violations.map((v) => [v.invariant, v.messages[0], v.step])).toEqual([
      ['no-silent-loss', 'M1', 11],
      ['no-silent-loss', 'M2', 11],
    ]);
    expect(r.violations[0]!.detail).toBe(
      "M1 (us-east 10:0) expired by the message TTL on the replicator's cursor (mark-delete 10:1) before it was replicated: us-west does not store it",
    );
  });
});

describe('a replicated send already in flight when the TTL passes', () => {
  const sentM1 = {
    kind: 'expire-messages',
    cluster: 'us-east',
    after: { event: 'sent', message: 'M1', cluster: 'us-west' },
  };
  it('still arrives: its receipt deletes an entry the cursor had already mark-deleted (nothing lost)', () => {
    const r = runOf(geo([sentM1]));
    expect(r.violations).toEqual([]);
    expect(r.stored['us-west']).toEqual(['M1', 'M2']);
    expect(
      r.steps.some((s) =>
        s.events.some((e) => e.text.includes('replicator to us-west expires 10:0 (M1)')),
      ),
    ).toBe(true);
  });
  it('is lost when that send fails: the rewind starts after the mark-delete the TTL moved, so M1 is never sent again', () => {
    const r = runOf(
      geo([sentM1, { kind: 'not-allowed', message: 'M1', cluster: 'us-west', times: 1 }]),
    );
    expect(r.stored['us-west']).toEqual(['M2']);
    expect(r.violations.map((v) => [v.invariant, v.messages[0]])).toEqual([
      ['no-silent-loss', 'M1'],
    ]);
    expect(r.violations[0]!.detail).toContain('expired by the message TTL');
  });
});

describe('the check acts only on a backlog', () => {
  it('a TTL the plan makes due at step 1 waits until an entry is confirmed and not yet read (M1), then expires it', () => {
    const r = runOf(
      geo([{ kind: 'expire-messages', cluster: 'us-east', after: { step: 1 } }], {
        subscriptions: [{ name: 'sub', cluster: 'us-east' }],
      }),
      [],
    );
    // It fires at the first step a backlog exists (M1 persisted, not yet read): the plan waits for it.
    const at = stepOf(r, 'message TTL passes at us-east: every entry stored so far has expired');
    expect(r.steps[at - 1]!.key).toBe('persist:us-east:M1');
    expect(r.stored['us-west']).toEqual(['M2']);
  });
});

describe('validation and the explorer', () => {
  it('a cluster with no subscription and no replication link from it has no cursor to expire: the field is named', () => {
    const l = loadScenario({
      format: 'dedup-lab/scenario@1',
      ...geo([{ kind: 'expire-messages', cluster: 'us-west', after: { step: 1 } }]),
    });
    expect(l.ok).toBe(false);
    if (l.ok) return;
    expect(l.errors[0]!.path).toBe('$.faults[0].cluster');
    expect(l.errors[0]!.message).toContain(
      'expected a cluster with a subscription or a replication link from it',
    );
  });
  it('the explorer places the TTL and finds the replication backlog it expires', () => {
    const res = exploreOf({
      ...geo([]),
      explore: { faults: { kinds: ['expire-messages'], max: 1 } },
    });
    const v = res.violations.find((x) => x.invariant === 'no-silent-loss');
    expect(v?.trace).toContain('fault:expire-messages:us-east');
    expect(v?.detail).toContain('expired by the message TTL');
    expect(res.complete).toBe(true);
  });
});
