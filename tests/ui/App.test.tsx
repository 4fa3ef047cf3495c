// The App in jsdom with the worker's pure handleRequest as its runner: the user's path through
// seed 003 row (a) — see the loss at the end, toggle the fix, see M2 stored, step back.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, setRunner, start } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

const SEED_A_GO = 'Seed 003 row (a), Go client: a resend shares a batch with a new message';

beforeEach(startOnDirectRunner);

const topic = () => screen.getByTestId('panel-topic');
const invariants = () => screen.getByTestId('panel-invariants');

describe('App', () => {
  it('seed-003-a-go: End shows the silent loss; go-1565 stores M2; stepping back changes the panels', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scenario' }), SEED_A_GO);
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 0 of 12');

    // A choice takes the focus off the select (where arrows would change the option): the step
    // keys step at once.
    expect(screen.getByRole('combobox', { name: 'Scenario' })).not.toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 12 of 12');
    expect(within(invariants()).getByText('no-silent-loss')).toBeInTheDocument();
    expect(topic()).toHaveTextContent('M0');
    expect(topic()).toHaveTextContent('M1');
    expect(topic()).not.toHaveTextContent('M2');

    await user.click(screen.getByRole('checkbox', { name: 'go-1565' }));
    await waitFor(() => expect(topic()).toHaveTextContent('M2'));
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 15 of 15');
    expect(invariants()).toHaveTextContent('No invariant violated');
    expect(invariants()).not.toHaveTextContent('no-silent-loss');

    // Focus is on the checkbox: arrows still step (a checkbox has no use for them).
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 13 of 15');
    expect(within(topic()).getByText(/stored:/)).toHaveTextContent(/^stored: M0, M1$/);
    expect(within(topic()).getByText('pending writes')).toBeInTheDocument();
    // The step's key: in the step bar's chip, and in full in the Pulsar code panel.
    expect(
      within(screen.getByRole('navigation', { name: 'Step controls' })).getByText(
        'deliver:p1->broker-1:M2',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('step-code-key')).toHaveTextContent(
      'Step 13: deliver:p1->broker-1:M2',
    );
  });

  it('buttons, slider and "Go to step" move the cursor; arrows in the select are left alone', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    await user.click(screen.getByRole('button', { name: 'Back one step' }));
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 11 of 12');
    await user.click(screen.getByRole('button', { name: 'First step' }));
    await user.click(screen.getByRole('button', { name: 'Forward one step' }));
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 1 of 12');
    // seed 003 row (a) is a Go producer: its watermarks under partitionProducer's names.
    expect(screen.getByTestId('panel-producers')).toHaveTextContent(
      /sequenceIDGenerator\s*0\s*lastSequenceID\s*-1/,
    );

    await user.click(within(invariants()).getByRole('button', { name: 'Go to step 12' }));
    expect(appStore.getState().cursor).toBe(12);

    act(() => screen.getByRole('combobox', { name: 'Scenario' }).focus());
    await user.keyboard('{Home}');
    expect(appStore.getState().cursor).toBe(12);
  });

  it('shows runner errors in the page', async () => {
    setRunner(() =>
      Promise.resolve({ ok: false, errors: [{ path: '$.format', message: 'expected a format' }] }),
    );
    render(<App />);
    await act(() => start());
    expect(screen.getByRole('alert')).toHaveTextContent('$.format expected a format');
  });
});
