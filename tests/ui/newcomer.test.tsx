// A newcomer's first minutes (UX review 6): the "How to read this" guide and its way back (the
// ? help), the step bar's jump to where the run breaks an invariant, a shared link's notice that
// says what it shows and how to get to step 0, and the explorer's words for its bounds and verdict.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { Guide } from '../../src/ui/components/Guide';
import { StepControls } from '../../src/ui/components/StepControls';
import { LinkNotice } from '../../src/ui/components/Share';
import { meaningOf } from '../../src/ui/components/Explorer/verdict';
import { encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import { appStore, selectScenario, setCursor, setFixes, setRunner } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

describe('How to read this', () => {
  it('is shown on a first visit; Got it hides it for good; the ? help shows the same lines', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<App />);
    const guide = screen.getByRole('region', { name: 'How to read this' });
    expect(guide).toHaveTextContent('faded steps are not reached yet');
    expect(guide).toHaveTextContent('the red ⚠ link jumps to the violation');
    await user.click(within(guide).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'How to read this' })).toBeNull();
    unmount();

    // A later visit (same browser): not shown again, but the ? help has it.
    render(<App />);
    expect(screen.queryByTestId('guide')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Help and keyboard shortcuts' }));
    const help = screen.getByRole('dialog', { name: 'Help and keyboard shortcuts' });
    expect(within(help).getByRole('heading', { name: 'How to read this' })).toBeInTheDocument();
    expect(help).toHaveTextContent('faded steps are not reached yet');
    expect(help).toHaveTextContent('one step back / forward');
  });

  it('a page without storage still shows it and hides it for the page', async () => {
    const user = userEvent.setup();
    const get = Storage.prototype.getItem;
    const set = Storage.prototype.setItem;
    Storage.prototype.getItem = () => {
      throw new Error('no storage');
    };
    Storage.prototype.setItem = () => {
      throw new Error('no storage');
    };
    try {
      render(<Guide />);
      await user.click(screen.getByRole('button', { name: 'Got it' }));
      expect(screen.queryByTestId('guide')).toBeNull();
    } finally {
      Storage.prototype.getItem = get;
      Storage.prototype.setItem = set;
    }
  });
});

describe('the step bar names where the run breaks an invariant', () => {
  it('seed 000 at step 0: "⚠ no-silent-loss at step 27" goes there; at 27 the badge replaces it', async () => {
    const user = userEvent.setup();
    await selectScenario('seed-000-checksum-corrupted');
    const at = appStore
      .getState()
      .result!.violations.find((v) => v.invariant === 'no-silent-loss')!.step;
    expect(at).toBe(27);
    render(<StepControls />);
    const jump = screen.getByRole('button', {
      name: 'Go to step 27, where no-silent-loss is violated',
    });
    expect(jump).toHaveTextContent('⚠ no-silent-loss at step 27');
    await user.click(jump);
    expect(appStore.getState().cursor).toBe(27);
    expect(screen.getByTestId('step-violation')).toHaveTextContent('no-silent-loss');
    expect(screen.queryByTestId('step-jump')).toBeNull();
  });

  it('a run that breaks nothing shows no jump (geo-v2-clean)', async () => {
    await selectScenario('geo-v2-clean');
    expect(appStore.getState().result!.violations).toEqual([]);
    render(<StepControls />);
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 0 of');
    expect(screen.queryByTestId('step-jump')).toBeNull();
  });
});

describe('a shared link says what it shows', () => {
  it('seed 000 at its violation: title, step, what is violated, fixes, faults, not a fork; Go to step 0', async () => {
    const user = userEvent.setup();
    await selectScenario('seed-000-checksum-corrupted');
    act(() => setCursor(27));
    const payload = await encodeRecipe(recipeFromState(appStore.getState())!);
    // A fresh page opening the link.
    setRunner(directRunner);
    await openLink(payload, 'app');
    expect(appStore.getState().cursor).toBe(27);
    render(<LinkNotice />);
    const notice = screen.getByTestId('link-notice');
    expect(notice).toHaveTextContent(
      'Opened from a link: replayed 27 steps and verified the state. “Seed 000: head-of-queue ChecksumError (local buffer corrupted), rewind, silent loss of E3” at step 27 of 27 (no-silent-loss violated here) · fixes on: none · faults: checksum-error on E3 at us-west (local buffer corrupted) · the scenario as written.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Go to step 0' }));
    expect(appStore.getState().cursor).toBe(0);
    expect(within(notice).queryByRole('button', { name: 'Go to step 0' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Dismiss the link notice' }));
    expect(screen.queryByTestId('link-notice')).toBeNull();
  });

  it('a fix switched on is named', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    await setFixes(['guard-rewind']);
    await openLink(await encodeRecipe(recipeFromState(appStore.getState())!), 'app');
    render(<LinkNotice />);
    await waitFor(() =>
      expect(screen.getByTestId('link-notice')).toHaveTextContent('fixes on: guard-rewind ·'),
    );
  });
});

describe('the explorer explains its verdict', () => {
  it('complete and cut short say what a "holds" is worth', () => {
    expect(meaningOf(true)).toMatch(/^Complete: every interleaving .* "holds" is a proof for them/);
    expect(meaningOf(false)).toMatch(
      /^Cut short: .* "holds" is not a proof; a violation found is still real\.$/,
    );
  });
});
