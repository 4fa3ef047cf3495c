// UX review 24's findings left open in session 24 (docs/research/ux-review-24.md), with the real
// explorer on review 26's x01 (seed 000's two entries under a ChecksumError):
// - finding 6: "Copy for GitHub" of a counterexample opened from the explorer says how it was
//   found — the shortest trace among how many states, complete or not, with which fixes, and how
//   it stands beside the search before — from the search that opened it (kept with its branch, and
//   since session 26 carried by its link: share-found-by.test.tsx); a run not opened from the
//   explorer, or whose fixes changed since, does not;
// - finding 7: a shortest trace that is the scenario's own run is said in one sentence that does
//   not read as a contradiction.
// The x01 opening and the link's are shared with share-found-by (./x01Counterexample.tsx).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { encodeRecipe } from '../../src/ui/share/codec';
import { recipeFromState } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { fakeExplore } from './fakeExplore';
import { copiedBy } from './shareBarCopy';
import { startOnDirectRunner } from './startApp';
import {
  openLinkAt,
  x01Opened,
  x01Run,
  X01_FOUND as FOUND,
  X01_VIOLATION_STEP,
} from './x01Counterexample';

const state = () => store.appStore.getState();
const copyForGithub = () => copiedBy('Copy for GitHub');

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});
afterEach(() => vi.restoreAllMocks());

describe('UX review 24, finding 6: how the explorer found the run', () => {
  it('x01 with guard-rewind: the comment says the shortest trace among 136 states, complete, still open beside the search with no fixes', async () => {
    await x01Opened();
    const text = await copyForGithub();
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/with guard-rewind, a fork\): no-silent-loss violated at step 11$/);
    // Right under the heading, before the fork's steps.
    expect(lines[2]).toBe(FOUND);
    expect(text.indexOf(FOUND)).toBeLessThan(
      text.indexOf('**A fork, not the scenario as written**'),
    );
  });

  it('the same run with guard-rewind turned off since is not the one found: no sentence', async () => {
    await x01Opened();
    await store.toggleFix('guard-rewind');
    expect(await copyForGithub()).not.toContain('Found by the explorer');
  });

  it('the scenario as written says nothing of a search; the counterexample opened from its link says the same sentence (session 26)', async () => {
    await x01Run();
    expect(await copyForGithub()).not.toContain('Found by');
    await x01Opened();
    const payload = await encodeRecipe(recipeFromState(state())!);
    await openLinkAt(payload, X01_VIOLATION_STEP);
    const text = await copyForGithub();
    expect(text).toMatch(/no-silent-loss violated at step 11/);
    expect(text.split('\n')[2]).toBe(FOUND);
  });

  it('a row of Compare fixes opened: found by Compare fixes, with that row’s fixes', async () => {
    await x01Run();
    await store.toggleFix('guard-rewind');
    const user = userEvent.setup();
    const f = fakeExplore();
    const panel = render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    for (let i = 0; f.calls[i]; i++) await f.answer(i);
    await screen.findByTestId('compare-table');
    await user.click(
      screen.getByRole('button', { name: 'Open the no-silent-loss counterexample with no fixes' }),
    );
    await waitFor(() => expect(state().fixes).toEqual([]));
    await waitFor(() => expect(state().branch).toBe(1));
    panel.unmount();
    expect(await copyForGithub()).toContain(
      "Found by the explorer's Compare fixes: the shortest trace to no-silent-loss among 172 states, complete, with no fixes.",
    );
  });
});
