// UX review 23, finding 6: a quiet end's note names the fault that would end its wait ("… add
// { "kind": "send-timeout", "message": "E4" } to the plan"), and beside it a button adds exactly
// that fault (RunResult.endNotesDetail) through the menus' path (pickFault → addFault), after the
// run's last step. The run comes back with the fault acted: the note goes, or names the next wait.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import {
  appStore,
  removeFault,
  runCustomScenario,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { scenario } from '../scenarios/unseen-18.scenarios';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const state = () => appStore.getState();
const branchFaults = () => state().branches[state().branch]!.faults;
const invariants = () => screen.getByTestId('panel-invariants');
const endButton = (name: string) =>
  within(invariants()).getByRole('button', { name: `Add ${name} to the Fault plan (Invariants)` });

describe('the quiet end offers its fault as a button', () => {
  it("s13: 'Add send-timeout on E4' adds it after the last step; E4 fails with a timeout and the note goes; the focus lands on the Invariants panel", async () => {
    await runCustomScenario(scenario('u18-s13-source-not-allowed-not-head'));
    const last = state().result!.steps.length - 1;
    act(() => setCursor(2));
    render(<App />);
    const before = branchFaults().length;
    const button = endButton('send-timeout on E4');
    expect(button).toBeEnabled();
    await userEvent.setup().click(button);
    await waitFor(() => expect(branchFaults()).toHaveLength(before + 1));
    expect(branchFaults().at(-1)).toEqual({ kind: 'send-timeout', message: 'E4' });
    const r = state().result!;
    // The run kept up to its old end; the fault is the next step, as the note said it would be,
    // and the cursor is at the new end.
    expect(r.steps[last + 1]!.key).toBe('fault:send-timeout:E4');
    expect(state().cursor).toBe(r.steps.length - 1);
    expect(r.outcomes.E4!.at(-1)).toMatch(/^failed: .*Timeout/);
    expect(r.endNotes).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('end-notes')).toBeNull());
    const plan = within(screen.getByTestId('panel-faults')).getAllByRole('listitem');
    expect(plan.at(-1)).toHaveTextContent(
      "send-timeout on E4 (its producer's send timer fires while it is pending) acted at step",
    );
    expect(invariants()).toHaveTextContent('then nothing was left to do');
    expect(invariants()).toHaveTextContent('Added to the Fault plan: send-timeout on E4');
    await waitFor(() => expect(document.activeElement).toBe(invariants()));
  });

  it("go-context-expired-keeps-permit without its plan: BIG's context, then M3's — each note names the next wait until none is left", async () => {
    await selectScenario('go-context-expired-keeps-permit');
    await removeFault(1);
    await removeFault(0);
    render(<App />);
    const notes = () => screen.getAllByTestId('end-notes')[0]!;
    expect(notes()).toHaveTextContent('pulsar-client-go#1448');
    const user = userEvent.setup();
    await user.click(endButton('context-expired on BIG'));
    await waitFor(() =>
      expect(branchFaults()).toEqual([{ kind: 'context-expired', message: 'BIG' }]),
    );
    expect(state().result!.outcomes.BIG).toEqual(['failed: ErrContextExpired']);
    // BIG kept a permit: M3 now waits for it, and the note offers M3's context instead.
    await waitFor(() => expect(notes()).toHaveTextContent("p1's send of M3 waits for a permit"));
    expect(
      within(invariants()).queryByRole('button', { name: /context-expired on BIG/ }),
    ).toBeNull();
    await user.click(endButton('context-expired on M3'));
    await waitFor(() => expect(branchFaults()).toHaveLength(2));
    expect(state().result!.outcomes).toEqual({
      M1: ['stored at 10:0'],
      BIG: ['failed: ErrContextExpired'],
      M2: ['stored at 10:1'],
      M3: ['failed: ErrContextExpired'],
    });
    await waitFor(() => expect(screen.queryByTestId('end-notes')).toBeNull());
  });

  it('at the last step the notes stand in Invariants and in Next actions: each button’s name says its panel, no two alike', async () => {
    await runCustomScenario(scenario('u18-s13-source-not-allowed-not-head'));
    act(() => setCursor(state().result!.steps.length - 1));
    render(<App />);
    const adds = screen.getAllByRole('button', { name: /^Add .* to the Fault plan/ });
    const names = adds.map((b) => b.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'Add send-timeout on E4 to the Fault plan (Next actions)',
      'Add send-timeout on E4 to the Fault plan (Invariants)',
    ]);
    // Each name tells the panel it stands in, and the visible words start it (label in name).
    expect(
      within(screen.getByTestId('panel-next')).getByRole('button', { name: names[0]! }),
    ).toHaveTextContent(/^Add send-timeout on E4$/);
    expect(within(invariants()).getByRole('button', { name: names[1]! })).toBeEnabled();
  });

  it('a fault the plan already holds is offered disabled, saying so', async () => {
    await runCustomScenario(scenario('u18-s13-source-not-allowed-not-head'));
    render(<App />);
    expect(endButton('send-timeout on E4')).toBeEnabled();
    // The same fault, written with its keys in another order (as a pasted file may have it).
    const b = state().branches[state().branch]!;
    const faults = [...b.faults, { message: 'E4', kind: 'send-timeout' }];
    act(() => appStore.setState({ branches: [{ ...b, faults }] }));
    const held = endButton('send-timeout on E4');
    expect(held).toBeDisabled();
    expect(held).toHaveAccessibleDescription('send-timeout on E4 is already in the Fault plan');
  });

  it('r00: the broken channel offers a disconnect and an unload-topic at the quiet end, in the note’s words', async () => {
    await runCustomScenario(scenario('u18-r00-dup-frames-at-2'));
    render(<App />);
    expect(endButton('disconnect of replicator')).toBeEnabled();
    await userEvent.setup().click(endButton('unload-topic of us-west'));
    await waitFor(() =>
      expect(branchFaults().at(-1)).toEqual({
        kind: 'unload-topic',
        cluster: 'us-west',
        after: { when: 'quiescent' },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('end-notes')).toBeNull());
    expect(state().result!.endNotes).toEqual([]);
  });
});
