// Geo-replication panels over seed 000 (checksum-error, local buffer corrupted): the cursor strip
// shows E3 mark-deleted but missing at us-west, the geo producer's Cases are read from the events,
// V2 watermarks fold into `_LID:_EID` pairs, V1 ones stay per producer name.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/engine';
import { panelsOf } from '../../../src/engine/render/panels';
import { receiptCasesOf } from '../../../src/engine/render/replicationReceipts';
import { runBuiltin } from '../../render/runBuiltin';

const at = (r: RunResult, i: number) =>
  panelsOf(r.steps[i]!.world, i > 0 ? r.steps[i - 1]!.world : undefined, r.steps.slice(0, i + 1));
const stepOf = (r: RunResult, text: string) =>
  r.steps.findIndex((s) => s.events.some((e) => e.text.includes(text)));

describe('replication panels: seed-000-checksum-corrupted', () => {
  const r = runBuiltin('seed-000-checksum-corrupted');
  const end = r.steps.length - 1;

  it('a scenario without replication has no replication panel and no missing list', () => {
    const p = panelsOf(runBuiltin('seed-003-a-go').steps[0]!.world);
    expect(p.replication).toBeNull();
    expect(p.topics[0]!.missingFromSource).toBeNull();
    expect(p.producers[0]!.pendingMessages).toEqual([]);
  });

  it('step 0: the strip lists the pre-run entries, mark-delete 10:2, nothing pending', () => {
    const repl = at(r, 0).replication!;
    expect(repl).toMatchObject({ from: 'us-east', to: 'us-west', dedup: 'v2', state: 'Started' });
    expect(repl.markDeletePosition).toBe('10:2');
    expect(repl.entries.map((e) => [e.position, e.markDeleted])).toEqual([
      ['10:0', true],
      ['10:1', true],
      ['10:2', true],
    ]);
    expect(repl.producer.wireName).toBe('pulsar.repl.us-east-->us-west');
    expect(repl.producer.lastPersistedSource).toBe('0:0');
    expect(repl.changed).toEqual({ cursor: false, producer: false, state: false });
  });

  it('the read: E3, E4, E5 pending with their source positions, read position at the end', () => {
    const i = r.steps.findIndex((s) => s.key === 'read:replicator');
    const p = at(r, i);
    const repl = p.replication!;
    expect(repl.producer.pending).toEqual([
      { sourcePositions: ['10:3'], msgs: ['E3'] },
      { sourcePositions: ['10:4'], msgs: ['E4'] },
      { sourcePositions: ['10:5'], msgs: ['E5'] },
    ]);
    expect(repl.entries.filter((e) => e.pending).map((e) => e.position)).toEqual([
      '10:3',
      '10:4',
      '10:5',
    ]);
    expect(repl.readAtEnd).toBe(true);
    expect(repl.changed.cursor).toBe(true);
    const geo = p.producers.find((x) => x.name === 'replicator')!;
    expect(geo.pendingMessages.map((op) => op.sourcePositions)).toEqual([
      ['10:3'],
      ['10:4'],
      ['10:5'],
    ]);
  });

  it('E4 acknowledged: Case-3, individually deleted 10:4, mark-delete stays 10:2', () => {
    const i = stepOf(r, 'asyncDelete(10:4)');
    const repl = at(r, i).replication!;
    expect(repl.individuallyDeleted).toEqual(['10:4']);
    expect(repl.markDeletePosition).toBe('10:2');
    expect(repl.entries.find((e) => e.position === '10:4')).toMatchObject({
      individuallyDeleted: true,
      markDeleted: false,
      lostAtRemote: false,
    });
    expect(repl.entries.find((e) => e.position === '10:3')).toMatchObject({
      atReadPosition: true,
      individuallyDeleted: false,
    });
    expect(repl.producer.lastPersistedSource).toBe('10:4');
    expect(repl.receipts.map((x) => [x.step, x.case, x.msgs])).toEqual([[i, 'Case-3', ['E4']]]);
  });

  it('the end: Case-1 completed E3 with -1:-1, mark-delete 10:5, E3 lost at us-west', () => {
    const p = at(r, end);
    const repl = p.replication!;
    expect(repl.markDeletePosition).toBe('10:5');
    expect(repl.individuallyDeleted).toEqual([]);
    expect(repl.entries.filter((e) => e.lostAtRemote).map((e) => e.msgs)).toEqual([['E3']]);
    expect(repl.receipts.map((x) => x.case)).toEqual([
      'Case-3',
      'Case-3',
      'Case-1',
      'no pending op',
    ]);
    expect(repl.receipts[2]).toMatchObject({
      step: end,
      msgs: ['E3'],
      rule: 'GeoReplicationProducerImpl.ackReceivedReplicatedMsg:case-1',
    });
    const west = p.topics.find((t) => t.cluster === 'us-west')!;
    expect(west.missingFromSource).toEqual({ from: 'us-east', msgs: ['E3'] });
    expect(p.topics.find((t) => t.cluster === 'us-east')!.missingFromSource).toBeNull();
    expect(west.watermarks).toEqual([
      {
        name: 'pulsar.repl.us-east-->us-west',
        kind: 'position',
        pushed: '10:5',
        persisted: '10:5',
      },
    ]);
  });

  it('guard-rewind: the replicator is Terminated with its reason; nothing deleted', () => {
    const g = runBuiltin('seed-000-checksum-corrupted', ['guard-rewind']);
    const repl = at(g, g.steps.length - 1).replication!;
    expect(repl.state).toBe('Terminated');
    expect(repl.reason).toMatch(/^guard-rewind: E3 failed/);
    expect(repl.entries.some((e) => e.lostAtRemote)).toBe(false);
    expect(repl.producer.closed).toBe(true);
  });
});

describe('watermarks and receipts', () => {
  it('V1 (seed-002-issue-1): per original producer name, a sequence id', () => {
    const r = runBuiltin('seed-002-issue-1');
    const p = at(r, r.steps.length - 1);
    expect(p.replication!.dedup).toBe('v1');
    const west = p.topics.find((t) => t.cluster === 'us-west')!;
    expect(west.watermarks).toEqual([
      { name: 'p1', kind: 'sequence', pushed: '1', persisted: '1' },
    ]);
  });

  it('receiptCasesOf maps branches to Case labels and ignores other rules', () => {
    const rule = 'GeoReplicationProducerImpl.ackReceivedReplicatedMsg:';
    const ev = (kind: 'log' | 'complete' | 'close', branch: string, msgs: string[] = []) => ({
      kind,
      actor: 'replicator',
      text: branch,
      msgs,
      rule: rule + branch,
    });
    expect(
      receiptCasesOf([
        {
          index: 3,
          events: [
            ev('log', 'case-1-sentinel'),
            ev('complete', 'case-1-sentinel', ['E3']),
            ev('log', 'case-2'),
          ],
        },
        {
          index: 4,
          events: [
            ev('close', 'case-5'),
            { kind: 'log', actor: 'x', text: 't', msgs: [], rule: 'Other:case-1' },
          ],
        },
      ]).map((x) => [x.step, x.case, x.msgs]),
    ).toEqual([
      [3, 'Case-1 (sentinel-not-confirmed)', ['E3']],
      [3, 'Case-2', []],
      [4, 'Case-5', []],
    ]);
  });
});
