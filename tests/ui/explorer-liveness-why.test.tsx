// UX review 12 (docs/research/ux-review-12.md): the explorer's verdict read "Liveness:
// not-applicable" on a one-cluster scenario and said no more; it now names what was not checked
// (replication-progress needs a replication link). Apart from ux-review-12.test.tsx, which needs
// the explorer's lazy chunk not loaded yet.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(startOnDirectRunner);

describe('the explorer’s verdict says why liveness is not applicable', () => {
  it('chunked-dedup-pr-20948 (one cluster): “Liveness: not-applicable — no replication here: …”', async () => {
    await selectScenario('chunked-dedup-pr-20948');
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    expect(screen.getByTestId('explorer-liveness-why').parentElement).toHaveTextContent(
      'Liveness: not-applicable — no replication here: liveness is replication-progress, a replicated message reaching every cluster it is sent for',
    );
  });

  it('geo-replicate-to-local (replicated): “Liveness: holds”, no such line', async () => {
    await selectScenario('geo-replicate-to-local');
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    expect(screen.getByTestId('explorer-verdict')).toBeInTheDocument();
    expect(screen.getByText(/^Liveness:/)).toHaveTextContent(/^Liveness: holds$/);
    expect(screen.queryByTestId('explorer-liveness-why')).toBeNull();
  });
});
