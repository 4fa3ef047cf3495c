// The built-in dedup-snapshot-timer (docs/research/dedup-snapshot.md): the broker's snapshot timer
// stores the sequence-id map at the last confirmed entry, which moves the dedup cursor, so a trim
// can delete the ledger and a reload still knows p1 from the snapshot.
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../src/scenarios';
import { type Json, runBuiltin, runOf, stepOf } from './helpers';

const ID = 'dedup-snapshot-timer';
const r = runBuiltin(ID);
const builtin = (): Json => ({ ...BUILTINS.find((b) => b.id === ID)! });

describe('dedup-snapshot-timer', () => {
  it('the timer is offered once an entry is past the mark-delete, and not again until the next write', () => {
    expect(r.steps[3]!.enabled).not.toContain('dedup-snapshot:local');
    expect(r.steps[4]!.enabled).toContain('dedup-snapshot:local');
    const snap = r.steps[9]!;
    expect(snap.key).toBe('dedup-snapshot:local');
    expect(snap.events.map((e) => `${e.rule} | ${e.text}`)).toEqual([
      'MessageDeduplication.takeSnapshot | dedup snapshot (the snapshot interval passed): {p1=1} stored in pulsar.dedup, its mark-delete moved to 10:1',
    ]);
    expect(snap.enabled).not.toContain('dedup-snapshot:local');
  });

  it('the trim deletes ledger 10 behind the moved dedup cursor; the reload replays from {p1=1}: M2’s resend is Dup', () => {
    const trim = r.steps[stepOf(r, 'trim:')]!;
    expect(trim.events.at(-1)!.text).toContain('trim: ledger 10 deleted');
    expect(trim.events.at(-1)!.text).toContain(
      'the dedup cursor (pulsar.dedup) at mark-delete 10:1',
    );
    expect(r.outcomes).toEqual({
      M1: ['stored at 10:0'],
      M2: ['completed -1:-1'],
      M3: ['stored at 12:0'],
    });
    expect(r.stored).toEqual({ local: ['M3'] });
    expect(r.violations).toEqual([]);
    // auto takes the timer last, once M3 is past the mark-delete.
    expect(r.steps.at(-1)!.events[0]!.text).toBe(
      'dedup snapshot (the snapshot interval passed): {p1=2} stored in pulsar.dedup, its mark-delete moved to 12:0',
    );
  });

  it('without the timer the dedup cursor stays at 10:-1 and holds the ledger; the replay reads both entries instead', () => {
    const { schedule: _s, ...rest } = builtin();
    const topic = { ...(rest.topic as Json) };
    delete topic.deduplicationSnapshotTimer;
    const off = runOf({ ...rest, topic }, (builtin().schedule as string[]).slice(0, 8));
    const trim = off.steps[stepOf(off, 'trim:')]!;
    expect(trim.events.at(-1)!.text).toContain('trim: nothing deleted — ledger 10 kept');
    expect(off.stored).toEqual({ local: ['M1', 'M2', 'M3'] });
    expect(off.outcomes.M2).toEqual(['completed -1:-1']);
  });
});
