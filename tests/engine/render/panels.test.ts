// Panel view-models over the seed-003 row (a) Go trace: the panels must show the bug's evidence
// (a batch without highest_sequence_id, M2 never stored) and flag exactly what each step changed.
import { describe, expect, it } from 'vitest';
import { loadScenario, run, type RunResult } from '../../../src/engine';
import { panelsOf, sequenceRange } from '../../../src/engine/render/panels';
import seed from '../../../src/scenarios/seed-003-a-go.json';

function trace(fixes: string[] = []): RunResult {
  const loaded = loadScenario(seed, fixes);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return run(loaded.config, loaded.schedule);
}

const at = (r: RunResult, i: number) =>
  panelsOf(r.steps[i]!.world, i > 0 ? r.steps[i - 1]!.world : undefined);

describe('panelsOf: seed-003-a-go', () => {
  const r = trace();

  it('step 0: one producer, one topic, nothing marked changed', () => {
    const p = at(r, 0);
    expect(p.producers.map((x) => x.name)).toEqual(['p1']);
    expect(p.topics.map((t) => [t.cluster, t.owner, t.dedupEnabled])).toEqual([
      ['local', 'broker-1', true],
    ]);
    expect(p.producers[0]!.changed).toEqual({ watermarks: false, batch: false, pending: false });
    expect(p.topics[0]!.changed).toEqual({ dedup: false, pendingWrites: false, ledgers: false });
  });

  it('flush: the batch M0+M1 is pending and in flight without highest_sequence_id', () => {
    const i = r.steps.findIndex((s) => s.key === 'flush:p1');
    const p = at(r, i);
    const prod = p.producers[0]!;
    expect(prod.batch).toEqual([]);
    expect(prod.pendingMessages).toMatchObject([
      {
        msgs: ['M0', 'M1'],
        sequenceId: 0,
        sequenceRange: '0 (no highest_sequence_id)',
        localBufferCorrupted: false,
      },
    ]);
    expect(prod.changed.pending).toBe(true);
    expect(p.channels[0]!.toBroker).toEqual(['send M0+M1 seq 0 (no highest_sequence_id)']);
    expect(p.channels[0]!.changed).toBe(true);
  });

  it('persist: the ledger entry appears at 10:0 and only the ledger/dedup flags move', () => {
    const i = r.steps.findIndex((s) => s.key === 'persist:local:M0+M1');
    const t = at(r, i).topics[0]!;
    expect(t.ledgers[0]!.entries).toEqual([
      {
        position: '10:0',
        msgs: ['M0', 'M1'],
        sequenceRange: '0 (no highest_sequence_id)',
        readable: true,
        unreadable: null,
      },
    ]);
    expect(t.changed.ledgers).toBe(true);
    expect(t.dedup).toEqual([{ producer: 'p1', pushed: 0, persisted: 0 }]);
  });

  it('end: M2 was never stored; the receipt -1:-1 went back to the client', () => {
    const last = at(r, r.steps.length - 1);
    expect(last.topics[0]!.stored).toEqual(['M0', 'M1']);
    const receipt = at(r, r.steps.length - 2).channels[0]!.toClient;
    expect(receipt).toEqual(['receipt M0+M2 seq 0 at -1:-1']);
  });
});

describe('panelsOf: seed-003-a-go with go-1565', () => {
  it('batches carry lowest..highest and M2 ends up stored', () => {
    const r = trace(['go-1565']);
    const i = r.steps.findIndex((s) => s.key === 'flush:p1');
    expect(at(r, i).producers[0]!.pendingMessages[0]!.sequenceRange).toBe('0..1');
    expect(at(r, r.steps.length - 1).topics[0]!.stored).toEqual(['M0', 'M1', 'M2']);
  });
});

describe('sequenceRange', () => {
  it('shows a single id, a range, or the missing highest id of a batch', () => {
    expect(sequenceRange(3, -1, 1)).toBe('3');
    expect(sequenceRange(3, 3, 1)).toBe('3');
    expect(sequenceRange(0, 2, 3)).toBe('0..2');
    expect(sequenceRange(0, -1, 2)).toBe('0 (no highest_sequence_id)');
  });
});
