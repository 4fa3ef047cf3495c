// The diagram's lanes: one group per cluster (its producers, brokers and ledger), and with
// geo-replication the source, then the replicator's cursor and the replicator, then the target,
// so a replicated send goes left to right. (Both brokers side by side, then both ledgers, made
// every replicator → broker-2 arrow cross both ledger lanes, and seed 000 needed 2842 px.)
import { describe, expect, it } from 'vitest';
import { participantsOf } from '../../../src/engine/render/participants';
import { runBuiltin } from '../../render/runBuiltin';

const lanes = (id: string) => participantsOf(runBuiltin(id).steps).map((p) => p.label);

describe('participantsOf', () => {
  it('seed 000: p1 → broker-1 → us-east ledger → cursor → replicator → broker-2 → us-west ledger', () => {
    expect(lanes('seed-000-checksum-corrupted')).toEqual([
      'p1',
      'broker-1',
      'us-east ledger',
      'replicator-cursor',
      'replicator',
      'broker-2',
      'us-west ledger',
    ]);
  });

  it('seed 002: both application producers in the source group', () => {
    expect(lanes('seed-002-issue-1')).toEqual([
      'p1',
      'p2',
      'broker-1',
      'us-east ledger',
      'replicator-cursor',
      'replicator',
      'broker-2',
      'us-west ledger',
    ]);
  });

  it('one cluster (seed 001): producers, brokers, the ledger, then the actors the events name', () => {
    expect(lanes('seed-001-fencing-race')).toEqual([
      'p1',
      'broker-1',
      'broker-2',
      'local ledger',
      'bookie-1',
      'bookie-2',
      'metadata-store',
      'sub-consumer',
    ]);
  });
});
