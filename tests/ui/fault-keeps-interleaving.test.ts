// Adding a fault keeps the rest of the chosen interleaving (where it still fits). A Pulsar engineer
// who adds one fault to a race expects the same race with that one change; the fork used to keep
// only the steps up to the cursor and let `auto` choose the rest, so on seed 001 a slow bookie-2 at step 3 lost
// the seed's race (auto delivered 3:2 before the fence) and the violation vanished — read as "the
// extra fault fixed it" (docs/research/bookkeeper-fencing.md, "A second slow bookie-2").
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addFault,
  appStore,
  runCustomScenario,
  scenarioOf,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const keys = () => appStore.getState().result!.steps.map((x) => x.key);

describe('adding a fault keeps the rest of the interleaving', () => {
  it('seed 001: slow-bookie bookie-2 at step 3 keeps ledger-entries-match at step 17, as the seed schedule does', async () => {
    await selectScenario('seed-001-fencing-race');
    const before = keys();
    const seedViolation = appStore.getState().result!.violations[0]!;
    expect(seedViolation).toMatchObject({ invariant: 'ledger-entries-match', step: 17 });
    setCursor(3);
    await addFault({ kind: 'slow-bookie', bookie: 'bookie-2' });
    const s = appStore.getState();
    expect(s.status).toBe('ready');
    expect(s.cursor).toBe(3);
    expect(s.branches).toHaveLength(2);
    expect(s.branches[1]!.label).toBe('step 3: + slow-bookie bookie-2');
    // The seed's schedule (16 chosen steps) is the new branch's, not only steps 1..3; from step 17
    // `auto` chooses, as the seed's own run does.
    expect(s.branches[1]!.schedule).toEqual(before.slice(1, 17));
    expect(keys().slice(0, 17)).toEqual(before.slice(0, 17));
    expect(s.result!.violations.map((v) => [v.invariant, v.step])).toEqual([
      ['ledger-entries-match', 17],
    ]);
    expect(s.result!.violations[0]!.detail).toContain(
      'recorded with 1 entry but BookKeeper closed it with 2',
    );
    // The Fault plan panel says the rest was kept (a status, not an alert).
    expect(s.notice).toMatchObject({ source: 'fault', tone: 'info' });
    expect(s.notice!.text).toBe(
      'slow-bookie bookie-2 added at step 3: the chosen interleaving (steps 4–16) is kept as it was; only what the fault changes differs, and from step 17 on the run takes the automatic choices. A slow bookie only reorders the automatic choices: within the kept steps its answers arrive where they did.',
    );
  });
});

describe('a kept choice the fault makes impossible cuts the branch there', () => {
  it("lost-receipt-dedup-on with its run written as a schedule: ChecksumError on M2 at step 2 fires where M2 is first in flight; the kept 'persist:local:M2' is cut with a notice, auto continues", async () => {
    await selectScenario('lost-receipt-dedup-on');
    // Every step chosen by hand: the same run as a scenario whose schedule lists it.
    await runCustomScenario({ ...scenarioOf(appStore.getState())!, schedule: keys().slice(1) });
    const before = keys();
    expect(before.slice(9)).toEqual([
      'send:p1:M2',
      'deliver:p1->broker-1:M2',
      'persist:local:M2',
      'deliver:broker-1->p1:M2',
    ]);
    setCursor(2);
    await addFault({ kind: 'checksum-error', message: 'M2' });
    const s = appStore.getState();
    expect(s.status).toBe('ready');
    expect(s.cursor).toBe(2);
    // Steps 1..9 as they were; the fault's own step as soon as it is enabled (as `auto` takes a
    // plan fault); M2's send goes on, is rejected, and its kept persist (step 12) is cut.
    const branch = s.branches[s.branch]!;
    expect(branch.label).toBe('step 2: + checksum-error on M2 (local buffer corrupted)');
    expect(branch.schedule).toEqual([
      ...before.slice(1, 10),
      'fault:checksum-error:M2@local:corrupted',
      'deliver:p1->broker-1:M2',
    ]);
    expect(keys().slice(1, 12)).toEqual(branch.schedule);
    expect(s.notice).toEqual({
      source: 'schedule',
      text: 'checksum-error on M2 (local buffer corrupted) added at step 2: the rest of the interleaving was kept up to step 11, but its choice for step 12 ("persist:local:M2") is no longer possible; from step 12 on the run takes the automatic choices.',
      problems: [
        {
          path: 'schedule[11]',
          message:
            'schedule error: step 12: "persist:local:M2" is not enabled; enabled: deliver:broker-1->p1:M2',
        },
      ],
    });
    // From step 12 the run is auto's: the broker's ChecksumError answer reaches p1.
    const r = s.result!;
    expect(r.error).toBeNull();
    expect(r.steps[12]!.key).toBe('deliver:broker-1->p1:M2');
    expect(r.stored.local).not.toContain('M2');
  });

  it('on an auto run nothing after the cursor was chosen: auto chooses again, with the fault', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const before = keys();
    setCursor(2);
    await addFault({ kind: 'checksum-error', message: 'M2' });
    const s = appStore.getState();
    expect(s.branches[s.branch]!.schedule).toEqual(before.slice(1, 3));
    expect(s.notice?.text).toBe(
      'checksum-error on M2 (local buffer corrupted) added at step 2: no later step was chosen by hand, so from step 3 on the run takes the automatic choices, with the fault.',
    );
    expect(s.result!.error).toBeNull();
    expect(s.result!.stored.local).not.toContain('M2');
  });

  it('at the end of the run there is nothing to keep: the notice says auto goes on', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const last = appStore.getState().result!.steps.length - 1;
    setCursor(last);
    await addFault({ kind: 'not-allowed', message: 'M1' });
    const s = appStore.getState();
    expect(s.notice?.text).toBe(
      `not-allowed on M1 (every attempt) added at step ${last}: no later step was chosen by hand, so from step ${last + 1} on the run takes the automatic choices, with the fault.`,
    );
  });
});
