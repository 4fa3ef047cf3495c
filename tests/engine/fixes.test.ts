// @vitest-environment node
// Which fixes can change a model: the class each fix changes must be modelled (what `compare`
// and the app's "Compare fixes" offer by default).
import { describe, expect, it } from 'vitest';
import { applicableFixes, loadScenario } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';

const fixesFor = (id: string) => {
  const l = loadScenario(BUILTINS.find((b) => b.id === id));
  if (!l.ok) throw new Error(`${id} invalid`);
  return applicableFixes(l.config);
};

describe('applicableFixes', () => {
  it('a Go producer: the Go client fixes; V2 replication: seed 000’s three proposals and PR 25860; bookies: PR 24722', () => {
    expect(fixesFor('seed-003-a-go-explore')).toEqual([
      'go-1565',
      'go-highest-sequence-id',
      'go-isolate-resends',
    ]);
    expect(fixesFor('seed-000-explore')).toEqual([
      'guard-rewind',
      'sentinel-not-confirmed',
      'fail-on-corrupt-head',
      'pr-25860',
    ]);
    expect(fixesFor('seed-001-explore')).toEqual(['pr-24722']);
  });

  it('V1 replication has no V2 receipt cases: the sentinel fix does not apply, the replicator’s do, and pr-23697 (V2) does', () => {
    expect(fixesFor('seed-002-issue-1-explore')).toEqual([
      'guard-rewind',
      'fail-on-corrupt-head',
      'pr-23697',
    ]);
  });
});
