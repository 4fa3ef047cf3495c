// The embed view (`#embed=`) said nothing when its link did not replay as its author saw it: the
// viewer saw another run than the one shared, as if it were. It now says what the app's notice
// says, above the diagram (review 9 follow-up); a link that replays exactly adds nothing.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { ShareRoot } from '../../src/ui/components/Share/Root';
import { encodeRecipe } from '../../src/ui/share/codec';
import { openLink, recipeFromState, shareStore } from '../../src/ui/share/sync';
import { appStore, selectScenario, setCursor, setRunner } from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';

beforeEach(() => {
  localStorage.clear();
  setRunner(directRunner);
  shareStore.setState({ mode: 'app', broken: null, notice: null });
  history.replaceState(null, '', '/');
});

/** geo-v2-clean at step 6; `tamper` changes the check its author's replay left in the link. */
async function link(tamper: boolean): Promise<string> {
  await selectScenario('geo-v2-clean');
  setCursor(6);
  const r = recipeFromState(appStore.getState())!;
  const check = tamper
    ? { at: r.check!.at, trail: r.check!.trail.slice(0, 8) + 'zzzzzzzz' + r.check!.trail.slice(16) }
    : r.check!;
  const payload = await encodeRecipe({ ...r, check });
  appStore.setState({ result: null });
  return payload;
}

describe('the embed view says when its link did not replay as shared', () => {
  it('a replay that diverges: the embed says where, above the diagram; Dismiss removes it', async () => {
    const payload = await link(true);
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    await act(() => openLink(payload, 'embed'));
    const embed = screen.getByTestId('embed');
    const notice = screen.getByTestId('link-notice');
    expect(embed).toContainElement(notice);
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice.textContent).toMatch(
      /^This link was made with a different version of the engine: the replay diverges at step \d \(the engine now reaches a different state\)\. What could be replayed is shown; steps before \d are as the link's author saw them\. Dismiss$/,
    );
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 6 of');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the link notice' }));
    expect(screen.queryByTestId('link-notice')).toBeNull();
  }, 30_000);

  it('a replay that matches: the embed is the diagram and its controls, no notice', async () => {
    const payload = await link(false);
    render(
      <ShareRoot>
        <App />
      </ShareRoot>,
    );
    await act(() => openLink(payload, 'embed'));
    expect(shareStore.getState().notice?.ok).toBe(true);
    expect(screen.getByTestId('embed')).toBeInTheDocument();
    expect(screen.queryByTestId('link-notice')).toBeNull();
    expect(screen.getByTestId('step-label')).toHaveTextContent('Step 6 of');
  }, 30_000);
});
