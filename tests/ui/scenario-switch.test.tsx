// Defect: after a choice in the Scenario <select> the focus stayed on it, so → (the step key)
// picked the next scenario in Chromium instead of stepping; and fix toggles stayed on across
// scenarios (go-1565 on made seed-003-b-go look bug-free). A choice now leaves the select, and a
// scenario opens with its own fixes only.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, toggleFix } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const picker = () => screen.getByRole('combobox', { name: 'Scenario' });
const optionFor = (id: string) =>
  within(picker())
    .getAllByRole<HTMLOptionElement>('option')
    .find((o) => o.value === id)!;

describe('choosing a scenario', () => {
  it('moves the focus off the select: → then steps the new scenario instead of changing it', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(picker());
    await user.selectOptions(picker(), optionFor('lost-receipt-dedup-on'));
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('lost-receipt-dedup-on'));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    expect(picker()).not.toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(appStore.getState().cursor).toBe(2);
    expect(screen.getByTestId('step-label')).toHaveTextContent(/^Step 2 of/);
    expect(appStore.getState().scenarioId).toBe('lost-receipt-dedup-on');
    expect(picker()).toHaveValue('lost-receipt-dedup-on');
  });

  it('pr-24722 on seed-001-fencing-race is off once seed-003-a-go is opened', async () => {
    const user = userEvent.setup();
    await selectScenario('seed-001-fencing-race');
    render(<App />);
    await user.click(screen.getByRole('checkbox', { name: 'pr-24722' }));
    await waitFor(() => expect(appStore.getState().fixes).toEqual(['pr-24722']));
    await user.selectOptions(picker(), optionFor('seed-003-a-go'));
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('seed-003-a-go'));
    expect(appStore.getState().fixes).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'pr-24722' })).not.toBeChecked();
  });

  it('go-1565 on seed-003-a-go does not hide seed-003-b-go’s duplicate', async () => {
    await selectScenario('seed-003-a-go');
    await toggleFix('go-1565');
    expect(appStore.getState().result!.violations).toEqual([]);
    const user = userEvent.setup();
    render(<App />);
    await user.selectOptions(picker(), optionFor('seed-003-b-go'));
    await waitFor(() => expect(appStore.getState().scenarioId).toBe('seed-003-b-go'));
    await waitFor(() => expect(appStore.getState().status).toBe('ready'));
    expect(screen.getByRole('checkbox', { name: 'go-1565' })).not.toBeChecked();
    expect(appStore.getState().result!.violations.map((v) => v.invariant)).toContain(
      'no-duplicates',
    );
    await user.keyboard('{End}');
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent('no-duplicates');
  });
});
