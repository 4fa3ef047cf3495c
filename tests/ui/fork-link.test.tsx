// A shared link to a fork (another next action picked, a fault injected) used to open as the only
// branch: the right run, but no Branches panel, so no way back to the scenario as written. It now
// opens as a fork beside the scenario as written, labelled with what it chose, and "Copy for
// GitHub" says it is a fork and which choices (at which step) and plan entries made it one.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Branches } from '../../src/ui/components/Branches';
import { encodeRecipe } from '../../src/ui/share/codec';
import { forkOf } from '../../src/ui/share/fork';
import { openLink, recipeFromState } from '../../src/ui/share/sync';
import * as store from '../../src/ui/store';
import { directRunner } from '../../src/worker/handle';
import { commentOnScreen } from './githubComment';

const state = () => store.appStore.getState();
const keys = () => state().result!.steps.map((s) => s.key);

/** The link to what is on screen, opened on a fresh page. */
async function reopen(): Promise<void> {
  const payload = await encodeRecipe(recipeFromState(state())!);
  store.setRunner(directRunner);
  await openLink(payload, 'app');
}

beforeEach(() => {
  localStorage.clear();
  store.setRunner(directRunner);
});

describe('a link to a fork', () => {
  it('seed 000, another next action: opens as a fork beside "as written", and the way back works', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    const original = keys();
    const at = original.indexOf('fault:checksum-error:E3@us-west:corrupted') - 1;
    store.setCursor(at);
    await store.pickAction('deliver:replicator->broker-2:E3');
    const forked = keys();
    await reopen();

    expect(state().branches.map((b) => b.label)).toEqual([
      'as written',
      `from the link: step ${at + 1}: deliver:replicator->broker-2:E3`,
    ]);
    expect(state().branch).toBe(1);
    expect(keys()).toEqual(forked);
    expect(state().cursor).toBe(at + 1);

    // The GitHub text says it is a fork and names the choice against what `auto` takes there.
    const text = commentOnScreen();
    expect(text.split('\n')[0]).toContain('(`seed-000-checksum-corrupted`, a fork)');
    expect(text).toContain('**A fork, not the scenario as written**');
    expect(text).toContain(
      `- step ${at + 1}: \`deliver:replicator->broker-2:E3\` (the automatic choice here is \`${original[at + 1]}\`)`,
    );

    render(<Branches />);
    const panel = screen.getByTestId('panel-branches');
    await userEvent.setup().click(within(panel).getByRole('button', { name: /as written/ }));
    await waitFor(() => expect(keys()).toEqual(original));
    expect(state().branch).toBe(0);
    // As written, the comment has no fork paragraph.
    expect(commentOnScreen()).not.toContain('fork');
  });

  it('a fault injected: the link says which plan entry was added, and no step was chosen', async () => {
    await store.selectScenario('geo-v2-clean');
    store.setCursor(keys().indexOf('read:replicator'));
    await store.addFault({
      kind: 'checksum-error',
      message: 'E3',
      cluster: 'us-west',
      localBufferCorrupted: true,
    });
    await reopen();
    expect(state().branches.map((b) => b.label)).toEqual([
      'as written',
      'from the link: fault plan: + checksum-error on E3 at us-west (local buffer corrupted)',
    ]);
    const text = commentOnScreen();
    expect(text).toContain(
      "- fault plan: + checksum-error on E3 at us-west (local buffer corrupted) (added to the scenario's plan)",
    );
    expect(text).not.toMatch(/^- step /m);
  });

  it("seed 001 has its own schedule: a choice is named against the schedule's key", async () => {
    await store.selectScenario('seed-001-fencing-race');
    const own = store.asWrittenBranch(state()).schedule;
    const at = 3;
    store.setCursor(at);
    const other = state().result!.steps[at]!.enabled.find((k) => k !== own[at])!;
    await store.pickAction(other);
    await reopen();
    expect(state().branch).toBe(1);
    const fork = forkOf(state())!;
    expect(fork.choices[0]).toEqual({ step: at + 1, key: other, instead: own[at], by: 'schedule' });
    expect(commentOnScreen()).toContain(
      `- step ${at + 1}: \`${other}\` (the scenario's schedule takes \`${own[at]}\` here)`,
    );
  });

  it('a link to the scenario as written opens one branch, no Branches panel', async () => {
    await store.selectScenario('seed-000-checksum-corrupted');
    store.stepLast();
    await reopen();
    expect(state().branches.map((b) => b.label)).toEqual(['as written']);
    render(<Branches />);
    expect(screen.queryByTestId('panel-branches')).toBeNull();
  });
});
