// Keyboard and focus in the popups: the ⚡ fault menu (arrow keys, Home/End, the page's step keys
// kept away while it is open, Escape/Tab/a choice giving the focus back to the ⚡ button), the same
// behaviour shared with a topology node's menu, the Next actions list keeping the focus after a
// choice, and the `?` dialog trapping the focus and giving it back on Escape.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const cursor = () => appStore.getState().cursor;
const items = (menu: HTMLElement) => within(menu).getAllByRole('menuitem');

/** geo-v2-clean at step 15 (E3 in flight to us-west), its ⚡ button on E3 and its open menu. */
async function openE3Menu(user: ReturnType<typeof userEvent.setup>) {
  await selectScenario('geo-v2-clean');
  act(() => setCursor(15));
  render(<App />);
  const inflight = screen.getByTestId('panel-inflight');
  const bolt = within(inflight).getAllByRole('button', { name: /^Inject a fault on E3 at / })[0]!;
  await user.click(bolt);
  const menu = screen.getByRole('menu', { name: 'Faults for E3' });
  return { bolt, menu };
}

describe('the ⚡ fault menu', () => {
  it('opens on its first item; ↓ ↑ Home End move and wrap; ← → do not step the timeline', async () => {
    const user = userEvent.setup();
    const { bolt, menu } = await openE3Menu(user);
    expect(bolt).toHaveAttribute('aria-expanded', 'true');
    const all = items(menu);
    expect(all.length).toBeGreaterThan(2);
    expect(all[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all[2]).toHaveFocus();
    await user.keyboard('{End}');
    expect(all[all.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(all[all.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(all[0]).toHaveFocus();
    // The step keys belong to the menu while it is open: the timeline stays at step 15 and the
    // menu stays open with the focus in it.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(cursor()).toBe(15);
    expect(menu).toBeInTheDocument();
    expect(all[0]).toHaveFocus();
  });

  it('Escape closes it and gives the focus back to the ⚡ button; so does Tab', async () => {
    const user = userEvent.setup();
    const { bolt } = await openE3Menu(user);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(bolt).toHaveFocus();
    expect(bolt).toHaveAttribute('aria-expanded', 'false');
    // Enter on the ⚡ button opens it again, on its first item; Tab closes it onto the button.
    await user.keyboard('{Enter}');
    expect(items(screen.getByRole('menu', { name: 'Faults for E3' }))[0]).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(bolt).toHaveFocus();
    // And with the menu closed, → steps the timeline again.
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe(16);
  });

  it('choosing with the keyboard adds the fault and leaves the focus on the ⚡ button', async () => {
    const user = userEvent.setup();
    await openE3Menu(user);
    await user.keyboard('{Enter}'); // the first item: checksum-error, local buffer corrupted
    await waitFor(() =>
      expect(screen.getByTestId('panel-faults')).toHaveTextContent(
        'checksum-error on E3 at us-west (local buffer corrupted)',
      ),
    );
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(/^Inject a fault on E3 at /),
    );
    expect(cursor()).toBe(15);
  });

  it('a topology node menu behaves the same (shared): ↓ wraps, → keeps the step, Escape refocuses', async () => {
    await selectScenario('geo-v2-clean');
    act(() => setCursor(4));
    const user = userEvent.setup();
    render(<App />);
    const graph = screen.getByTestId('panel-topology');
    const dots = await within(graph).findByRole('button', { name: 'Faults on p1' });
    await user.click(dots);
    const menu = screen.getByRole('menu', { name: 'Faults on p1 after step 4' });
    const all = items(menu);
    expect(all[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(all[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe(4);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(dots).toHaveFocus();
  });
});

describe('Next actions', () => {
  it('forking with Enter keeps the focus in the list, on the action the new branch takes next', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    const next = screen.getByTestId('panel-next');
    const fork = within(next).getAllByRole('button')[1]!;
    const picked = fork.textContent;
    fork.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('panel-branches')).toBeInTheDocument());
    await waitFor(() => expect(appStore.getState().status).not.toBe('running'));
    expect(cursor()).toBe(1);
    expect(appStore.getState().result!.steps[1]!.key).toBe(picked);
    // Focus: not <body> but the new list's "taken next" action.
    const taken = appStore.getState().result!.steps[2]!.key!;
    await waitFor(() => expect(document.activeElement).toHaveTextContent(taken));
    expect(screen.getByTestId('panel-next')).toContainElement(
      document.activeElement as HTMLElement,
    );
    expect(document.activeElement?.closest('li')).toHaveClass('taken');
    // Enter again takes that action: a step forward, the focus again on the next one.
    await user.keyboard('{Enter}');
    expect(cursor()).toBe(2);
    const then = appStore.getState().result!.steps[3]!.key!;
    await waitFor(() => expect(document.activeElement).toHaveTextContent(then));
  });
});

describe('the ? shortcuts dialog', () => {
  it('keeps the focus inside (Tab, Shift+Tab), keeps the step keys, Escape restores the focus', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    const opener = screen.getByRole('button', { name: 'Help and keyboard shortcuts' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Help and keyboard shortcuts' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    for (const key of ['{Tab}', '{Tab}', '{Shift>}{Tab}{/Shift}']) {
      await user.keyboard(key);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    // Focus moved out by other means comes back in.
    act(() => opener.focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    // Opened with `?` from a step button, it gives the focus back there.
    const forward = screen.getByRole('button', { name: /Forward/ });
    forward.focus();
    await user.keyboard('?');
    expect(screen.getByRole('dialog', { name: 'Help and keyboard shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(forward).toHaveFocus();
  });
});
