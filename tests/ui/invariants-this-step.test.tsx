// The Invariants panel offers "Go to step N" only away from step N: at the violation's own step
// the button did nothing (UX review 6), so it says "This step." there instead.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { InvariantsPanel } from '../../src/ui/components/Panels/Invariants';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('Invariants: the violation at the cursor', () => {
  it('seed 000: away from the violation a button goes there; at it, "This step." and no button', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    const result = appStore.getState().result!;
    const v = result.violations[0]!;
    expect(v.step).toBeGreaterThan(0);

    const { rerender } = render(<InvariantsPanel result={result} cursor={0} />);
    const panel = screen.getByTestId('panel-invariants');
    await userEvent.click(within(panel).getByRole('button', { name: `Go to step ${v.step}` }));
    expect(appStore.getState().cursor).toBe(v.step);

    rerender(<InvariantsPanel result={result} cursor={v.step} />);
    expect(within(panel).queryByRole('button', { name: /Go to step/ })).toBeNull();
    expect(within(panel).getByTestId('violation-here')).toHaveTextContent('This step.');
    expect(panel).toHaveTextContent(`${v.invariant} at step ${v.step}`);

    // Past it, the button is back (to go back to it).
    rerender(
      <InvariantsPanel
        result={result}
        cursor={v.step + 1 <= result.steps.length - 1 ? v.step + 1 : v.step - 1}
      />,
    );
    expect(within(panel).getByRole('button', { name: `Go to step ${v.step}` })).toBeInTheDocument();
  });
});
