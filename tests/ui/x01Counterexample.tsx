// Review 26's x01 (seed 000's two entries under a ChecksumError, tests/scenarios/unseen-26) as the
// found-by tests open it: explored with no fix, then with guard-rewind, and the no-silent-loss
// counterexample opened from the Explorer panel (the real explorer's verdicts through a fake
// session), so its branch keeps the search that found it. And a link opened in the page as the
// address bar opens one. share-found-by and ux-review-24-left share this opening.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { openLink } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { scenario } from '../scenarios/unseen-26.scenarios';
import { fakeExplore } from './fakeExplore';

/** The step x01's counterexample opens at: its violation. */
export const X01_VIOLATION_STEP = 11;

/** What the link notice and Copy for GitHub say of the second search. */
export const X01_FOUND =
  'Found by the explorer: the shortest trace to no-silent-loss among 136 states, complete, with guard-rewind on; still open beside the search with no fixes.';

/** x01 run as written (no search yet). */
export const x01Run = () => store.runCustomScenario(scenario('u26-x01-two-entries-checksum'));

/** x01 explored without a fix, then with guard-rewind; its no-silent-loss opened in the timeline. */
export async function x01Opened(): Promise<void> {
  await x01Run();
  const user = userEvent.setup();
  const f = fakeExplore();
  const panel = render(<ExplorerPanel start={f.start} />);
  await user.click(screen.getByRole('button', { name: 'Explore' }));
  await f.answer(0);
  await act(() => store.toggleFix('guard-rewind'));
  await user.click(screen.getByRole('button', { name: 'Explore' }));
  await f.answer(1);
  await user.click(screen.getByRole('button', { name: 'Open the no-silent-loss counterexample' }));
  await waitFor(() => expect(store.appStore.getState().cursor).toBe(X01_VIOLATION_STEP));
  panel.unmount();
}

/** Opens the link `payload` in this page, on the direct runner, and waits for it to reach `step`. */
export async function openLinkAt(payload: string, step: number): Promise<void> {
  store.setRunner(directRunner);
  await openLink(payload, 'app');
  await waitFor(() => expect(store.appStore.getState().cursor).toBe(step));
}
