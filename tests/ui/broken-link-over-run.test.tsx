// Review 7: a cut link pasted into the address of a page with a run open replaced the run with the
// broken-link page (whose button opened the default scenario), and Back did not bring it back. Now
// the run stays — scenario, fixes, injected fault, step — a notice says what was wrong with the
// link, and the address shows the run again. A fresh page with a cut link still gets the page.
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { ShareRoot } from '../../src/ui/components/Share/Root';
import { decodeRecipe, encodeRecipe } from '../../src/ui/share/codec';
import { openLink, parseHash, recipeFromState, shareStore } from '../../src/ui/share/sync';
import {
  addFault,
  appStore,
  selectScenario,
  setCursor,
  setRunner,
  toggleFix,
} from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(() => {
  localStorage.clear();
  setRunner(directRunner);
  shareStore.setState({ mode: 'app', broken: null, notice: null });
  history.replaceState(null, '', '/');
});

/** geo-v2-clean with pr-25860 on, a checksum-error on E3 injected, at step 15. */
async function myRun() {
  await selectScenario('geo-v2-clean');
  await toggleFix('pr-25860');
  setCursor(15);
  await addFault({
    kind: 'checksum-error',
    message: 'E3',
    cluster: 'us-west',
    localBufferCorrupted: true,
  });
  return recipeFromState(appStore.getState(), false)!;
}

describe('a link that cannot be decoded', () => {
  it('pasted over a run: the run stays, a notice says why, the address shows the run again', async () => {
    const mine = await myRun();
    expect(mine.faults).toHaveLength(1);
    const full = await encodeRecipe(recipeFromState(appStore.getState())!);
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    await act(() => openLink(full.slice(0, Math.floor(full.length * 0.6)), 'app', true));

    expect(shareStore.getState().broken).toBeNull();
    expect(screen.queryByTestId('broken-link')).toBeNull();
    expect(recipeFromState(appStore.getState(), false)).toEqual(mine);
    const notice = screen.getByTestId('link-notice');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice.textContent).toMatch(
      /^The link in the address was not opened\. The link is incomplete: its data ends before the recipe does\. .* The run you had open is still here, and the address shows it again\. Copy the whole link again, or ask whoever shared it for a new one\. Dismiss$/,
    );
    // Not "Go to step 0": the notice is about a link, not about this run's steps.
    expect(screen.queryByRole('button', { name: 'Go to step 0' })).toBeNull();
    // The address is the run on screen, whole: it decodes to the same recipe.
    const link = parseHash(location.hash)!;
    const decoded = await decodeRecipe(link.payload);
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && { ...decoded.recipe, check: undefined }).toEqual({
      ...mine,
      check: undefined,
    });
  }, 30_000);

  it('in a fresh page (nothing open): the broken-link page, as before', async () => {
    const full = await encodeRecipe(
      await myRun().then(() => recipeFromState(appStore.getState())!),
    );
    appStore.setState({ result: null });
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    await act(() => openLink(full.slice(0, 40), 'app', true));
    expect(screen.getByTestId('broken-link')).toHaveTextContent('This link is incomplete');
  }, 30_000);

  it('a damaged link (characters changed, not cut) in a fresh page: "cannot be read", and the page says the drafts are untouched (review 9)', async () => {
    const full = await encodeRecipe(
      await myRun().then(() => recipeFromState(appStore.getState())!),
    );
    appStore.setState({ result: null });
    localStorage.setItem(
      'dedup-lab-draft:my-receipt',
      '{"id": "my-receipt", "title": "My receipt"',
    );
    localStorage.setItem(
      'dedup-lab-draft:seed-001-fencing-race',
      '{"id": "seed-001-fencing-race"}',
    );
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    const damaged = full.slice(0, 30) + 'QQQQ' + full.slice(34);
    await act(() => openLink(damaged, 'app', true));
    const page = screen.getByTestId('broken-link');
    expect(page).toHaveTextContent('This link cannot be read');
    expect(page).toHaveTextContent(/the link is damaged: some of its characters were changed/);
    expect(page).not.toHaveTextContent(/incomplete/);
    expect(screen.getByTestId('broken-link-drafts').textContent).toBe(
      'Your drafts in this browser are untouched: “My receipt” (my-receipt), listed under Your drafts in the Scenario picker; and your edits of seed-001-fencing-race, in the editor when you start from it.',
    );
    // The drafts themselves are still there, as typed.
    expect(localStorage.getItem('dedup-lab-draft:my-receipt')).toBe(
      '{"id": "my-receipt", "title": "My receipt"',
    );
  }, 30_000);
});
