// @vitest-environment node
// Bad input never crashes: every problem comes back with the JSON path and what was expected.
import { describe, expect, it } from 'vitest';
import { loadScenario, parseScenarioText } from '../../src/engine';

const minimal = {
  format: 'dedup-lab/scenario@1',
  id: 'x',
  producers: [{ name: 'p1' }],
  workload: [{ send: 'M1', producer: 'p1' }],
};
const errorsOf = (json: unknown, fixes: string[] = []) => {
  const r = loadScenario(json, fixes);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('a typo is named', () => {
  it('an unknown field close to a known one says which it likely meant; the list of fields stays', () => {
    expect(errorsOf({ ...minimal, topic: { deduplicaton: true } })).toEqual([
      '$.topic.deduplicaton: unknown field; expected one of name, deduplication, ledger, ledgers, maxMessageSize, maxEntriesPerLedger, maxUnackedRangesToPersist, deduplicationEntriesInterval, deduplicationSnapshotTimer, deduplicationInactivityPurge, deduplicationMaxNumberOfProducers — did you mean "deduplication"?',
    ]);
    expect(
      errorsOf({ ...minimal, producers: [{ name: 'p1', Batching: { maxMessages: 2 } }] })[0],
    ).toMatch(/did you mean "batching"\?$/);
  });
  it('a value close to one option says which (a swapped pair of letters is one edit)', () => {
    expect(errorsOf({ ...minimal, producers: [{ name: 'p1', client: 'jvaa' }] })).toEqual([
      '$.producers[0].client: expected one of "java" | "go", got "jvaa" — did you mean "java"?',
    ]);
  });
  it('no guess when nothing is close, or two options are equally close', () => {
    expect(errorsOf({ ...minimal, producers: [{ name: 'p1', client: 'rust' }] })).toEqual([
      '$.producers[0].client: expected one of "java" | "go", got "rust"',
    ]);
    expect(errorsOf({ ...minimal, topic: { colour: 1 } })[0]).not.toMatch(/did you mean/);
    const two = {
      ...minimal,
      producers: [{ name: 'p1' }, { name: 'p2' }],
      workload: [{ send: 'M1', producer: 'p3' }],
    };
    expect(errorsOf(two)).toEqual([
      '$.workload[0].producer: expected one of "p1" | "p2", got "p3"',
    ]);
  });
});

describe('scenario validation', () => {
  it('accepts a minimal scenario with Pulsar defaults: one cluster "local", broker-1, dedup off, Java', () => {
    const r = loadScenario(minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.clusters).toMatchObject([
      { name: 'local', brokers: ['broker-1'], deduplication: false },
    ]);
    expect(r.config.producers).toMatchObject([
      { name: 'p1', cluster: 'local', client: 'java', batchingMaxMessages: 0, sequenceIds: 'auto' },
    ]);
    expect(r.schedule).toBe('auto');
  });

  it.each([
    [
      { ...minimal, producers: [{ name: 'p1', client: 'rust' }] },
      '$.producers[0].client: expected one of "java" | "go", got "rust"',
    ],
    [{ ...minimal, format: 'v0' }, '$.format: expected "dedup-lab/scenario@1", got "v0"'],
    [{ ...minimal, id: 'Not Kebab' }, '$.id: expected a kebab-case id, got "Not Kebab"'],
    [
      { ...minimal, workload: [{ send: 'M1', producer: 'nobody' }] },
      '$.workload[0].producer: expected one of "p1", got "nobody"',
    ],
    [
      { ...minimal, workload: [{ jump: 'p1' }] },
      '$.workload[0]: expected one of {"send": …, "producer": …}, {"flush": producer}, {"await": producer}, got an object',
    ],
    [
      { ...minimal, faults: [{ kind: 'lose-receipt' }] },
      '$.faults[0].message: expected a message id, got nothing',
    ],
    [{ ...minimal, faults: [{ kind: 'meteor' }] }, '$.faults[0].kind'],
    [
      { ...minimal, topic: { deduplication: 'yes' } },
      '$.topic.deduplication: expected true or false, or an object with one per cluster (local), got "yes"',
    ],
    [
      { ...minimal, producers: [{ name: 'p1', sequenceIds: 'explicit' }] },
      '$.workload[0].seq: expected a sequence id (producer p1 uses explicit sequence ids), got nothing',
    ],
    [{ ...minimal, schedule: [1] }, '$.schedule[0]: expected an action key, got 1'],
    [{ ...minimal, colour: 'red' }, '$.colour: unknown field'],
    // A fault or setting that could never take effect is a mistake in the file, not a quiet no-op.
    [
      { ...minimal, faults: [{ kind: 'lose-receipt', message: 'M9' }] },
      '$.faults[0].message: expected a message the workload sends or topic.ledgers holds (M1), got "M9"',
    ],
    [
      {
        ...minimal,
        faults: [{ kind: 'disconnect', producer: 'p1', after: { event: 'acked', message: 'M9' } }],
      },
      '$.faults[0].after.message: expected a message the workload sends',
    ],
    [
      { ...minimal, faults: [{ kind: 'ownership-change', to: 'broker-1' }] },
      '$.faults[0].cluster: expected a cluster that lists bookies',
    ],
    [
      {
        ...minimal,
        clusters: [{ name: 'local', bookies: ['b1'] }],
        faults: [{ kind: 'persist-fails', message: 'M1' }],
      },
      '$.faults[0].cluster: expected a cluster with abstract storage, no bookies',
    ],
    [
      { ...minimal, topic: { ledger: { ensemble: -1 } } },
      '$.topic.ledger: expected ledger settings only where a cluster lists bookies',
    ],
    [
      { ...minimal, faults: [{ kind: 'slow-bookie', bookie: 'b9' }] },
      '$.faults[0].bookie: expected a bookie a cluster lists, but no cluster lists "bookies" (storage is abstract; give a cluster "bookies" to model BookKeeper), got "b9"',
    ],
    [
      { ...minimal, expect: { violations: ['nope'], stored: 3 } },
      '$.expect.violations[0]: expected one of "no-silent-loss"',
    ],
    [
      { ...minimal, expect: { stored: { mars: ['M1'] } } },
      '$.expect.stored.mars: expected a cluster name (local)',
    ],
  ])('names the field: %#', (json, expected) => {
    expect(errorsOf(json).join('\n')).toContain(expected);
  });

  it('a sized workload item keeps its size; a size that is not a count is named', () => {
    const l = loadScenario({ ...minimal, workload: [{ send: 'M1', producer: 'p1', size: 64 }] });
    expect(l.ok && l.config.workload[0]).toEqual({
      kind: 'send',
      msg: 'M1',
      producer: 'p1',
      size: 64,
    });
    expect(
      errorsOf({ ...minimal, workload: [{ send: 'M1', producer: 'p1', size: -1 }] })[0],
    ).toContain('$.workload[0].size: expected an integer from 0');
  });

  it('rejects an unknown --fix by name', () => {
    expect(errorsOf(minimal, ['go-9999'])[0]).toContain('--fix go-9999: expected one of "go-1565"');
  });

  it('reports malformed JSON text without throwing', () => {
    const r = parseScenarioText('{"format": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.path).toBe('$');
  });

  it.each([null, 42, 'text', [], {}])('never throws on %j', (json) => {
    expect(() => loadScenario(json)).not.toThrow();
    expect(loadScenario(json).ok).toBe(false);
  });
});
