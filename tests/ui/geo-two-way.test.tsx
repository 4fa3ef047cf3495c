// Two-way replication in jsdom: one Replicator panel per link, each with its own cursor and
// receipts, at the end of geo-two-way.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('geo-two-way');
});

describe('two-way replication panels', () => {
  it('shows each link: us-east → us-west and us-west → us-east, each mark-deleted to its last entry', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByTestId('step-label'));
    await user.keyboard('{End}');
    const east = screen.getByRole('region', { name: 'Replicator us-east → us-west' });
    const west = screen.getByRole('region', { name: 'Replicator us-west → us-east' });
    expect(within(east).getByTestId('replicator-cursor')).toHaveTextContent(
      'markDeletePosition10:3',
    );
    expect(within(west).getByTestId('replicator-cursor')).toHaveTextContent(
      'markDeletePosition20:3',
    );
    expect(within(east).getByTestId('receipt-cases')).toHaveTextContent('E1');
    expect(within(east).getByTestId('receipt-cases')).not.toHaveTextContent('W1');
    expect(within(west).getByTestId('receipt-cases')).toHaveTextContent('W1');
    expect(screen.getAllByTestId('panel-replicator')).toHaveLength(2);
  });
});
