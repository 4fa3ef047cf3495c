// @vitest-environment node
// A cluster written without `brokers` gets one: `broker-1`, as the contract's default cluster has,
// unless another cluster already has or names a broker of that name — broker names are unique
// across clusters (an action key such as `deliver:p1->broker-1:M1` names a broker alone), so the
// next one is `<cluster>-broker-1`. Two clusters written without brokers used to be refused.
import { describe, expect, it } from 'vitest';
import { parseScenarioText, run } from '../../src/engine';

const scenario = (clusters: unknown[]) =>
  JSON.stringify({
    format: 'dedup-lab/scenario@1',
    id: 'two-clusters',
    clusters,
    replication: { from: 'us-east', to: 'us-west', dedup: 'v2' },
    producers: [{ name: 'p1', cluster: 'us-east' }],
    workload: [{ send: 'M1', producer: 'p1' }],
  });
const brokersOf = (text: string) => {
  const r = parseScenarioText(text);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.config.clusters.map((c) => `${c.name}: ${c.brokers.join(', ')}`);
};

describe('a cluster without brokers', () => {
  it('the first gets broker-1, the second <cluster>-broker-1', () => {
    expect(brokersOf(scenario([{ name: 'us-east' }, { name: 'us-west' }]))).toEqual([
      'us-east: broker-1',
      'us-west: us-west-broker-1',
    ]);
  });

  it('a broker-1 named by a later cluster keeps its name; the unnamed one steps aside', () => {
    expect(
      brokersOf(scenario([{ name: 'us-east' }, { name: 'us-west', brokers: ['broker-1'] }])),
    ).toEqual(['us-east: us-east-broker-1', 'us-west: broker-1']);
  });

  it('the message is stored at both clusters through the defaulted brokers', () => {
    const r = parseScenarioText(scenario([{ name: 'us-east' }, { name: 'us-west' }]));
    if (!r.ok) throw new Error('refused');
    const result = run(r.config, r.schedule);
    const keys = result.steps.map((s) => s.key);
    expect(keys).toContain('deliver:p1->broker-1:M1');
    expect(keys.some((k) => k?.includes('->us-west-broker-1:M1'))).toBe(true);
    expect(result.violations).toEqual([]);
    expect(result.stored).toEqual({ 'us-east': ['M1'], 'us-west': ['M1'] });
  });

  it('two clusters naming the same broker are still refused, at the field', () => {
    const r = parseScenarioText(
      scenario([
        { name: 'us-east', brokers: ['b'] },
        { name: 'us-west', brokers: ['b'] },
      ]),
    );
    expect(r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([
      '$.clusters[1].brokers[0]: expected a broker name unique across clusters, got "b"',
    ]);
  });
});
