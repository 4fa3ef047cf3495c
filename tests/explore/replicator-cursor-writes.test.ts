// @vitest-environment node
// The explorer with the replicator's cursor writes in flight (`replication.cursorWrites:
// "in-flight"`, docs/research/replicator-cursor-writes.md): each delete's write to the cursor ledger
// is a step of its own (`persist-replicator-cursor:`), so a crash of the source's broker can fall
// between a delete and its write — the explorer places it there, and the fingerprint tells a state
// with an unwritten delete from one without. Seed 000's world with E3 and E4 and no ChecksumError:
// one `restart-broker` anywhere, V2 dedup at us-west (the shared tests/fixtures/replicatorCursor.mjs).
import { describe, expect, it } from 'vitest';
import { type Json, runOf, stepOf, textsOf } from '../scenarios/helpers';
import { replicatorCursorWorld } from '../fixtures/replicatorCursor.mjs';
import { checkScenario, expectVerdict, HOLDS } from './verdict';

const world = (writes?: string): Json => ({
  ...replicatorCursorWorld({
    id: 'replicator-cursor-writes-search',
    cursorWrites: writes,
    sends: ['E3', 'E4'],
    preRun: true,
  }),
  explore: { faults: { kinds: ['restart-broker'], max: 1 } },
});
const REPLICATES = { liveness: 'holds' } as const;

/** p1 writes E3 and E4; the replicator reads both and us-west stores E3, whose receipt comes back. */
const E3_REPLICATED = [
  'connect:p1',
  'connect:replicator',
  ...['E3', 'E4'].flatMap((m) => [
    `send:p1:${m}`,
    `deliver:p1->broker-1:${m}`,
    `persist:us-east:${m}`,
    `deliver:broker-1->p1:${m}`,
  ]),
  'read:replicator',
  'deliver:replicator->broker-2:E3',
  'persist:us-west:E3',
  'deliver:broker-2->replicator:E3',
];

describe('a source crash anywhere, cursor writes in flight', () => {
  it('after E3’s delete both its write and the crash are enabled; the crash first sends E3 again, and us-west drops it as Dup', () => {
    const r = runOf(world('in-flight'), [...E3_REPLICATED, 'fault:restart-broker:us-east']);
    const deleted = r.steps[E3_REPLICATED.length]!;
    expect(deleted.enabled).toEqual(
      expect.arrayContaining(['persist-replicator-cursor:10:3', 'fault:restart-broker:us-east']),
    );
    expect(
      stepOf(
        r,
        'recovered from its ledger: mark-delete 10:2; mark-delete 10:3 never reached it (broker-1 crashed)',
      ),
    ).toBe(E3_REPLICATED.length + 1);
    expect(textsOf(r, 'replicator-cursor').filter((t) => t.startsWith('read '))).toEqual([
      'read 10:3, 10:4 (E3, E4)',
      'read 10:3, 10:4 (E3, E4)',
    ]);
    expect(stepOf(r, 'Dup (source 10:3 ≤ pushed 10:')).toBeGreaterThan(E3_REPLICATED.length + 1);
    expect(r.stored['us-west']).toEqual(['E3', 'E4']);
    expect(r.violations).toEqual([]);
  });

  it('the search visits the states between each delete and its write: more states than with writes at once, the same finding (#25861, a crash of us-west)', () => {
    const atOnce = checkScenario(world());
    const inFlight = checkScenario(world('in-flight'));
    expectVerdict(atOnce, {
      safety: 'violated',
      ...REPLICATES,
      states: 1248,
      found: { 'no-duplicates': 17 },
    });
    expectVerdict(inFlight, {
      safety: 'violated',
      ...REPLICATES,
      states: 1542,
      found: { 'no-duplicates': 17 },
    });
    expect(inFlight.violations[0]!.trace).toContain('fault:restart-broker:us-west');
  });

  it('with pr-25860 (us-west’s load rebuilds the watermark) the search holds either way: every entry a lost delete sends again is Dup at us-west', () => {
    expectVerdict(checkScenario(world(), ['pr-25860']), { ...HOLDS, ...REPLICATES, states: 1214 });
    expectVerdict(checkScenario(world('in-flight'), ['pr-25860']), {
      ...HOLDS,
      ...REPLICATES,
      states: 1482,
    });
  });
});
