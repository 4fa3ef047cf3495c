// The Explorer panel's loop counterexample names the messages replication owes, in `run`'s words
// (check/progress.ts loopOwedWords): seed 000's NotAllowedError loop on E3 read "a loop of states
// that makes no progress …" and named nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(startOnDirectRunner);

describe('the explorer’s loop names what it owes', () => {
  it('seed-000-not-allowed: the replication-progress row ends “E3 never replicated”', async () => {
    await selectScenario('seed-000-not-allowed');
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    expect(screen.getByTestId('explorer-violation-replication-progress')).toHaveTextContent(
      'a loop of states that makes no progress while entries are still to be replicated, under weak fairness: E3 never replicated',
    );
  });
});
