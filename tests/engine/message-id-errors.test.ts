// @vitest-environment node
// UX review 15, finding 7 (fixed in review 16): a message id with a space gave two messages about
// one mistake — "$.workload[0].send: expected a message id, got "M 1"" (what may an id hold?) and
// then "$.faults[0].message: … (M 1, M2), got "M1"", listing the refused id among the messages the
// workload sends. Now one message, at the id, saying what a name may hold.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/engine';

const HOLDS = '(letters, digits, ".", "_" and "-", starting with a letter or digit; no spaces)';
const scenario = (send: string, faults: unknown[]) => ({
  format: 'dedup-lab/scenario@1',
  id: 'x',
  producers: [{ name: 'p1' }],
  workload: [
    { send, producer: 'p1' },
    { send: 'M2', producer: 'p1' },
  ],
  faults,
});
const errorsOf = (json: unknown) => {
  const r = loadScenario(json);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('a message id the reader refuses', () => {
  it('is one message, at the id, saying what an id may hold — the fault naming it without the space is the same typo', () => {
    expect(errorsOf(scenario('M 1', [{ kind: 'lose-receipt', message: 'M1' }]))).toEqual([
      `$.workload[0].send: expected a message id ${HOLDS}, got "M 1"`,
    ]);
  });

  it('a fault naming another message lists only the ids the workload sends, never the refused one', () => {
    expect(errorsOf(scenario('M 1', [{ kind: 'lose-receipt', message: 'M9' }]))).toEqual([
      `$.workload[0].send: expected a message id ${HOLDS}, got "M 1"`,
      '$.faults[0].message: expected a message the workload sends or topic.ledgers holds (M2), got "M9"',
    ]);
  });

  it('every other name the pattern refuses says the same; an empty name and a reserved one keep their words', () => {
    const bad = { ...scenario('M1', []), producers: [{ name: 'p 1' }] };
    expect(errorsOf(bad)[0]).toBe(
      `$.producers[0].name: expected a producer name ${HOLDS}, got "p 1"`,
    );
    expect(errorsOf(scenario('', []))[0]).toBe('$.workload[0].send: expected a message id, got ""');
    expect(errorsOf(scenario('valueOf', []))[0]).toMatch(
      /^\$\.workload\[0\]\.send: expected a message id other than "valueOf" \(every JavaScript object/,
    );
  });
});
