// Defect: a scenario whose own schedule names an action that is not enabled was silently cut and
// finished with automatic choices (the editor said Valid, Run showed a complete run). The CLI
// exits 2 with `schedule error: step N: "…" is not enabled; enabled: …`; the UI now shows that
// same message (in the editor and as a notice) and the run stops there.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, run } from '../../src/engine';
import { builtinById } from '../../src/scenarios';
import {
  addFault,
  appStore,
  pickAction,
  removeFault,
  runCustomScenario,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { openEditor } from './openEditor';
import { startOnDirectRunner } from './startApp';

const BAD_SCHEDULE = [
  'connect:p1',
  'send:p1:M1',
  'persist:local:M7',
  'deliver:p1->broker-1:M1',
] as const;
const bad = () => ({ ...builtinById('lost-receipt-dedup-on')!, schedule: [...BAD_SCHEDULE] });
/** What the CLI prints after `schedule error: ` (the engine's own message). */
const CLI =
  'step 3: "persist:local:M7" is not enabled; enabled: deliver:p1->broker-1:M1, send:p1:M2';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

describe("the scenario's own schedule is not cut", () => {
  it('the engine says what the CLI says (the message the UI must show)', () => {
    const loaded = loadScenario(bad(), []);
    if (!loaded.ok) throw new Error('invalid');
    expect(run(loaded.config, loaded.schedule).error?.message).toBe(CLI);
  });

  it('store: the run stops before step 3, the schedule is kept, the notice names step and key', async () => {
    await runCustomScenario(bad());
    const s = appStore.getState();
    expect(s.status).toBe('ready');
    expect(s.branches).toHaveLength(1);
    expect(s.branches[0]!.schedule).toEqual(BAD_SCHEDULE);
    expect(s.result!.error?.step).toBe(3);
    expect(s.result!.steps.map((x) => x.key)).toEqual([null, 'connect:p1', 'send:p1:M1']);
    expect(s.notice).toEqual({
      source: 'schedule',
      text: "The scenario's schedule does not fit the run: it stops after step 2.",
      problems: [{ path: '$.schedule[2]', message: `schedule error: ${CLI}` }],
    });
  });

  it('UI: Edit scenario, paste the schedule, Run → the editor and a notice show the error', async () => {
    const { user, box: json } = await openEditor('lost-receipt-dedup-on');
    await user.clear(json);
    // user.type would read { and [ as key descriptors: paste the text instead.
    json.focus();
    await user.paste(JSON.stringify(bad(), null, 2));
    expect(screen.getByTestId('editor-valid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(appStore.getState().notice?.source).toBe('schedule'));
    expect(screen.getByTestId('editor-run-errors')).toHaveTextContent(
      `$.schedule[2]: schedule error: ${CLI}`,
    );
    const notice = within(screen.getByLabelText('Scenario description')).getByRole('alert');
    expect(notice).toHaveTextContent(`schedule error: ${CLI}`);
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 0 of 2');

    // Editing the text hides the old run's error in the editor (it is about what was run).
    await user.type(json, ' ');
    expect(screen.queryByTestId('editor-run-errors')).toBeNull();
    // Dismiss closes the notice.
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(appStore.getState().notice).toBeNull();
  });
});

describe('a branch keeps the choices that still fit when a fault is removed', () => {
  it('removing a fault its schedule took: its step leaves the choices, the rest is kept', async () => {
    await selectScenario('geo-v2-clean');
    const keys = appStore.getState().result!.steps.map((s) => s.key);
    const at = keys.indexOf('read:replicator');
    setCursor(at);
    await addFault({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: true,
    });
    const withFault = appStore.getState().result!;
    const faultStep = withFault.steps.findIndex((s) => s.key?.startsWith('fault:checksum-error'));
    expect(faultStep).toBeGreaterThan(at);
    // A branch whose schedule goes through the fault step: a non-default action after it.
    const from = withFault.steps.findIndex((x, i) => i >= faultStep && x.enabled.length > 1);
    expect(from).toBeGreaterThanOrEqual(faultStep);
    setCursor(from);
    await pickAction(withFault.steps[from]!.enabled[1]!);
    const branch = appStore.getState().branches[appStore.getState().branch]!;
    expect(branch.schedule[faultStep - 1]).toMatch(/^fault:checksum-error/);

    await removeFault(branch.faults.length - 1);
    const s = appStore.getState();
    // The removed fault's own step leaves the branch's choices with it (faultPlan.ts removeFault);
    // the other choices, the picked one included, are kept: they all still fit, so nothing is cut.
    expect(s.status).toBe('ready');
    expect(s.branches[s.branch]!.schedule).toEqual(
      branch.schedule.filter((_, i) => i !== faultStep - 1),
    );
    expect(s.result!.error).toBeNull();
    expect(s.result!.steps.some((x) => x.key?.startsWith('fault:'))).toBe(false);
    expect(s.notice).toBeNull();
  });
});
