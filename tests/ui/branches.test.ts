// @vitest-environment node
// Branching and fault injection in the store: picking a non-default next action forks the
// timeline (schedule = the path to here + the pick, then auto); faults join the plan as a branch
// and the user stays at the same step; removing one re-runs; switching branches keeps the step.
import { beforeEach, describe, expect, it } from 'vitest';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

const state = () => store.appStore.getState();
const keys = () => state().result!.steps.map((s) => s.key);

beforeEach(async () => {
  store.setRunner(directRunner);
  await store.start();
});

describe('branches', () => {
  it('picking the action taken next just steps forward', async () => {
    const next = state().result!.steps[1]!.key!;
    await store.pickAction(next);
    expect(state().cursor).toBe(1);
    expect(state().branches).toHaveLength(1);
  });

  it('picking another action forks at the cursor; switching back restores the first trace', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    const original = keys();
    const at = original.indexOf('fault:checksum-error:E3@us-west:corrupted') - 1;
    store.setCursor(at);
    const enabled = state().result!.steps[at]!.enabled;
    const other = enabled.find((k) => k !== original[at + 1])!;
    expect(other).toBe('deliver:replicator->broker-2:E3');
    await store.pickAction(other);
    expect(state().branches.map((b) => b.label)).toEqual([
      'as written',
      `step ${at + 1}: ${other}`,
    ]);
    expect(state().branch).toBe(1);
    expect(state().cursor).toBe(at + 1);
    expect(keys().slice(0, at + 2)).toEqual([...original.slice(0, at + 1), other]);
    expect(state().branches[1]!.schedule).toEqual([...original.slice(1, at + 1), other]);

    await store.switchBranch(0);
    expect(keys()).toEqual(original);
    expect(state().cursor).toBe(at + 1);
  });
});

describe('fault plan', () => {
  it('geo-v2-clean: checksum-error (corrupted) on E3 at us-west → no-silent-loss, same step', async () => {
    await store.selectScenario('geo-v2-clean');
    expect(state().result!.violations).toEqual([]);
    const read = keys().indexOf('read:replicator');
    store.setCursor(read);
    await store.addFault({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: true,
    });
    expect(state().cursor).toBe(read);
    expect(state().branch).toBe(1);
    expect(state().branches[1]!.faults).toHaveLength(1);
    expect(keys()[read + 1]).toBe('fault:checksum-error:E3@us-west:corrupted');
    expect(state().result!.violations.map((v) => v.invariant)).toContain('no-silent-loss');
    expect(state().result!.stored['us-west']).not.toContain('E3');

    await store.removeFault(0);
    expect(state().branches[1]!.faults).toEqual([]);
    expect(state().result!.violations).toEqual([]);
    expect(state().cursor).toBe(read);
  });

  it('a topology fault after the current step happens right after it', async () => {
    await store.selectScenario('geo-v2-clean');
    store.setCursor(3);
    await store.addFault({ kind: 'unload-topic', cluster: 'us-west', after: { step: 3 } });
    expect(state().cursor).toBe(3);
    expect(keys()[4]).toMatch(/^fault:unload-topic/);
    expect(store.describeFault(state().branches[1]!.faults[0]!)).toBe(
      'unload-topic at us-west after step 3',
    );
  });

  it('removing a fault the schedule took cuts the schedule there and continues with auto', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    const last = keys().length - 1;
    // A fork after the fault fired: its schedule contains the fault's key.
    store.setCursor(last - 1);
    const other = state().result!.steps[last - 1]!.enabled.find((k) => k !== keys()[last]);
    if (other) await store.pickAction(other);
    else await store.addFault({ kind: 'lose-receipt', message: 'E3', cluster: 'us-west' });
    expect(state().branches[1]!.schedule).toContain('fault:checksum-error:E3@us-west:corrupted');
    await store.removeFault(0);
    expect(state().status).toBe('ready');
    expect(state().result!.error).toBeNull();
    expect(state().branches[1]!.schedule).not.toContain(
      'fault:checksum-error:E3@us-west:corrupted',
    );
    expect(state().result!.stored['us-west']).toEqual(['E3', 'E4', 'E5']);
  });
});
