// @vitest-environment node
// Items review 8 left open (docs/research/review-8.md, "Follow-up, session 9"): a topic
// maxMessageSize policy above the broker's, an application producer named like a replicator, and a
// managed ledger that rolls over after N entries. Each is read from the trace or the validator.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';
import { rulesOf, runOf, textsOf } from './helpers';

describe('topic.maxMessageSize above the broker’s 5 MiB: refused, as PersistentTopicsBase.internalSetMaxMessageSize does', () => {
  const load = (maxMessageSize: unknown) =>
    loadScenario({
      format: 'dedup-lab/scenario@1',
      id: 'followup-9-max-size',
      clusters: [{ name: 'a' }, { name: 'b', brokers: ['broker-2'] }],
      topic: { maxMessageSize },
      producers: [{ name: 'p1', cluster: 'a' }],
      workload: [{ send: 'M1', producer: 'p1' }],
    });

  it('a policy of 5242881 is refused with the field and the allowed range', () => {
    const l = load(5242881);
    expect(l.ok ? [] : l.errors).toEqual([
      {
        path: '$.topic.maxMessageSize',
        message:
          "expected an integer from 0 to 5242880 (the broker's maxMessageSize: Pulsar's admin API refuses a bigger topic policy), got 5242881",
      },
    ]);
  });

  it('per cluster, the error names the cluster’s field', () => {
    const l = load({ a: 1000, b: 6000000 });
    expect(l.ok ? [] : l.errors.map((e) => e.path)).toEqual(['$.topic.maxMessageSize.b']);
  });

  it('exactly the broker’s 5242880 is accepted (the admin API allows it; the broker does not check it)', () => {
    const l = load(5242880);
    expect(l.ok && l.config.clusters.map((c) => c.maxMessageSize)).toEqual([5242880, 5242880]);
  });
});

describe('an application producer named pulsar.repl.*: the broker treats it as a replicator (Producer.isRemoteOrShadow)', () => {
  const scenario = (client: 'java' | 'go', deduplication: boolean, extra: Record<string, unknown> = {}) => ({
    id: 'followup-9-repl-name',
    topic: { deduplication },
    producers: [{ name: 'p1', producerName: 'pulsar.repl.fake', client }],
    workload: [
      { send: 'M1', producer: 'p1' },
      { send: 'M2', producer: 'p1' },
    ],
    ...extra,
  });

  it('Java, dedup on: its connection advertises PR 23697’s flag, so isDuplicateReplV2 finds no source position — Unknown, PersistenceError, never stored', () => {
    const r = runOf(scenario('java', true));
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV2:Unknown');
    expect(rulesOf(r)).not.toContain('PersistentTopic.addComplete');
    expect(textsOf(r, 'broker-1').some((t) => t.includes('no source position'))).toBe(true);
    expect(r.stored.local ?? []).toEqual([]);
    // The Java client reconnects and resends (ClientCnx.handleSendError), and is answered the same.
    expect(r.outcomes.M1).toEqual(['pending']);
  });

  it('Go, dedup on: no flag, so V1 — keyed by the metadata’s producer name, its own: stored once each, as a plain producer', () => {
    const r = runOf(scenario('go', true));
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV1:NotDup');
    expect(r.stored.local).toEqual(['M1', 'M2']);
    expect(r.violations).toEqual([]);
  });

  it('Java with replication.dedup v1 (a Pulsar before PR 23697): V1 too, stored', () => {
    const r = runOf(
      scenario('java', true, {
        clusters: [{ name: 'local' }, { name: 'remote', brokers: ['broker-2'] }],
        replication: { from: 'local', to: 'remote', dedup: 'v1' },
      }),
    );
    expect(rulesOf(r)).toContain('MessageDeduplication.isDuplicateReplV1:NotDup');
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });

  it('Java, dedup off: isDuplicate answers NotDup before asking who sent it — stored', () => {
    const r = runOf(scenario('java', false));
    expect(r.stored.local).toEqual(['M1', 'M2']);
  });
});
