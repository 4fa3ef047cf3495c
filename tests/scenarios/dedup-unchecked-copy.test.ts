// @vitest-environment node
// Review 21 x05, decided (docs/research/review-21.md): `no-duplicates` judges only copies
// deduplication checked or was asked to check. A V1 remote (us-west) with deduplication off stores
// E1 at 20:0; the replicator's connection drops and its resend is accepted unchecked (the policy off:
// `MessageDeduplication.isDuplicate` answers NotDup without looking); an operator switches
// deduplication on (`checkStatus`: the cursor at the last confirmed entry, 20:0) before that write
// completes, so the copy lands at 20:1, after the cursor. Pulsar stores E1 twice exactly so — but no
// promise of dedup's covered a send it never checked. A resend accepted while Recovering (the policy
// on, `isEnabled()` false) is one dedup was asked to stop: still judged, as is one accepted once
// Enabled behind the cursor (review 21 f03, `dedup-enabled-at-runtime`).
import { describe, expect, it } from 'vitest';
import {
  explorerBounds,
  explorerConfig,
  loadScenario,
  run,
  type RunResult,
} from '../../src/engine';
import { textsOf } from './helpers';
import { scenario } from './unseen-21.scenarios';

const HEAD = [
  'connect:p1',
  'connect:replicator',
  'send:p1:E1',
  'deliver:p1->broker-1:E1',
  'persist:us-east:E1',
  'read:replicator',
  'deliver:replicator->broker-2:E1',
  'persist:us-west:E1',
  'fault:disconnect:replicator',
  'connect:replicator',
];
const RESEND = 'deliver:replicator->broker-2:E1';
const SWITCH = 'fault:set-deduplication:us-west:on';

// x05 with us-west on two bookies (c02's clusters, E=W=A=2): the LAC, not the last entry made, is
// where the switch opens the cursor.
const onBookies = () => ({
  ...scenario('u21-x05-remote-toggle-drop'),
  clusters: scenario('u21-c02-ownership-remote').clusters,
  topic: {
    deduplication: { 'us-east': true, 'us-west': false },
    ledger: { ensemble: 2, writeQuorum: 2, ackQuorum: 2 },
  },
});
const x05 = (
  tail: string[],
  s = scenario('u21-x05-remote-toggle-drop'),
  head = HEAD,
): RunResult => {
  const l = loadScenario(s);
  if (!l.ok) throw new Error(JSON.stringify(l.errors));
  return run(explorerConfig(l.config, explorerBounds(l.config)), [...head, ...tail]);
};
/** us-west's entries as `position flag`: `unchecked` where the write was accepted while dedup was off. */
const westEntries = (r: RunResult): string[] =>
  r.steps
    .at(-1)!
    .world.topics['us-west']!.ledgers.flatMap((l) => l.entries)
    .map(
      (e) =>
        `${e.ledgerId}:${e.entryId} ${e.msgs.map((m) => m.msg).join(',')}${e.unchecked ? ' unchecked' : ''}`,
    );
const violations = (r: RunResult) => r.violations.map((v) => [v.invariant, v.step, v.detail]);
const TWICE = 'E1 (p1, seq 0) is stored twice at us-west: 20:0 and 20:1';

describe('a copy accepted while deduplication was off is not judged after a switch on (review 21 x05)', () => {
  it("x05's counterexample: the resend accepted unchecked, persisted at 20:1 after the new cursor at 20:0 — stored twice, no-duplicates holds", () => {
    const r = x05([RESEND, SWITCH, 'persist:us-west:E1', 'replay:us-west:dedup-cursor']);
    expect(textsOf(r, 'broker-2')).toContain('dedup off: write');
    expect(textsOf(r, 'broker-2')).toContain(
      'deduplication on: new dedup cursor at 20:0, the last confirmed entry (Recovering: no send is checked until its replay)',
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'dedup cursor replayed from 20:0: 1 entry written while Recovering (Recovering → Enabled)',
    );
    // Pulsar's storage, unchanged: E1 twice; only the second write was pending at the switch.
    expect(westEntries(r)).toEqual(['20:0 E1', '20:1 E1 unchecked']);
    expect(r.stored['us-west']).toEqual(['E1', 'E1']);
    expect(r.steps.at(-1)!.world.topics['us-west']!.dedup.enabled).toBe(true);
    expect(r.violations).toEqual([]);
  });
  it('the same with the replay before the write completes: the copy is still one dedup never checked — holds', () => {
    const r = x05([RESEND, SWITCH, 'replay:us-west:dedup-cursor', 'persist:us-west:E1']);
    expect(westEntries(r)).toEqual(['20:0 E1', '20:1 E1 unchecked']);
    expect(r.violations).toEqual([]);
  });
  it('on bookies: the add of the resend initiated before the switch, confirmed after it (cursor at the LAC 20:0) — the entry OpAddEntry made keeps the flag; holds', () => {
    // Each add: the write to a bookie and its answer (E=W=A=2), bookie by bookie.
    const add = (e: number, ...bookies: string[]) =>
      bookies.flatMap((b) => [`deliver:broker-2->${b}:20:${e}`, `deliver:${b}->broker-2:20:${e}`]);
    const r = x05(
      [
        'deliver:broker-2->bookie-1:20:1',
        SWITCH,
        'deliver:bookie-1->broker-2:20:1',
        'replay:us-west:dedup-cursor',
      ],
      onBookies(),
      [
        ...HEAD.slice(0, 7),
        ...add(0, 'bookie-1', 'bookie-2'),
        ...HEAD.slice(8),
        RESEND,
        ...add(1, 'bookie-2'),
      ],
    );
    expect(textsOf(r, 'broker-2')).toContain(
      'deduplication on: new dedup cursor at 20:0, the last confirmed entry (Recovering: no send is checked until its replay)',
    );
    // Both adds were made while off: on bookies an entry keeps the flag (its LAC may trail it).
    expect(westEntries(r)).toEqual(['20:0 E1 unchecked', '20:1 E1 unchecked']);
    expect(r.stored['us-west']).toEqual(['E1', 'E1']);
    expect(r.violations).toEqual([]);
  });
  it('the resend accepted while Recovering (policy on, isEnabled() false): still judged — no-duplicates at the replay', () => {
    const r = x05([SWITCH, RESEND, 'persist:us-west:E1', 'replay:us-west:dedup-cursor']);
    expect(textsOf(r, 'broker-2')).toContain(
      'dedup Recovering (its replay has not completed): not checked, nothing pushed: write',
    );
    expect(westEntries(r)).toEqual(['20:0 E1', '20:1 E1']);
    expect(violations(r)).toEqual([['no-duplicates', 14, TWICE]]);
  });
  it('the resend accepted once Enabled, behind the cursor (review 21 f03): checked, NotDup, judged — the search finds this one now', () => {
    const r = x05([SWITCH, 'replay:us-west:dedup-cursor', RESEND, 'persist:us-west:E1']);
    expect(westEntries(r)).toEqual(['20:0 E1', '20:1 E1']);
    expect(violations(r)).toEqual([['no-duplicates', 14, TWICE]]);
  });
});
