// A counterexample opened as the explorer's user opens it: the Explorer panel drawn on a built-in,
// Explore pressed, the real explorer's verdict handed out by a fake session (no worker), and the
// invariant's counterexample opened, which forks a branch the store then shows.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { selectScenario } from '../../src/ui/store';
import { fakeExplore } from './fakeExplore';

/** Explore `scenario` from its panel and open the `invariant` counterexample; resolves to the user. */
export async function openCounterexample(
  scenario: string,
  invariant: string,
): Promise<ReturnType<typeof userEvent.setup>> {
  await selectScenario(scenario);
  const f = fakeExplore();
  render(<ExplorerPanel start={f.start} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Explore' }));
  await f.answer(0);
  await user.click(
    await screen.findByRole('button', { name: `Open the ${invariant} counterexample` }),
  );
  return user;
}
