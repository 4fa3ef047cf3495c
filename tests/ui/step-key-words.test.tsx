// The step bar's key chip says the step in words too (its title), as Next actions said it when the
// step was a choice: seed 001's step 3 is "p1's send of M1 reaches broker-1", step 0 has no key.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StepControls } from '../../src/ui/components/StepControls';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('the step bar names the step taken, in words', () => {
  it('seed 001: step 3 is M1 reaching broker-1; step 0 is the initial state', async () => {
    await selectScenario('seed-001-fencing-race');
    const { container } = render(<StepControls />);
    const chip = () => container.querySelector('.step-key')!;
    act(() => setCursor(3));
    expect(chip().textContent).toBe('deliver:p1->broker-1:M1');
    expect(chip()).toHaveAttribute(
      'title',
      "The action taken to reach this step: deliver:p1->broker-1:M1 — p1's send of M1 reaches broker-1",
    );
    act(() => setCursor(0));
    expect(chip()).toHaveAttribute(
      'title',
      'The action taken to reach this step: none (the initial state)',
    );
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 0 of');
  });
});
