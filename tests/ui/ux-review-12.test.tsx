// UX review 12 (docs/research/ux-review-12.md): session 11's leftovers, in jsdom.
// - The side column's Explorer button pressed before the explorer's lazy chunk has arrived did
//   nothing (openPanel found no panel): it now waits for the panel, then focuses it.
// - A Next actions item read "deliver:bookie-2->broker-1:3:2default" (key and badge run together
//   in its text): a visually hidden ", " parts them.
// - The diagram's sideways scroll goes as far left as still shows the step (scrollFor's `pull`):
//   stepping seed 001 to step 17 at 1280 px had left p1's and broker-1's lanes out on the left.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { scrollFor, type Box } from '../../src/ui/components/Diagram/geometry';
import { appStore, selectScenario, setFixes } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

describe('the side column’s Explorer button before the explorer’s chunk has arrived', () => {
  // First in this file: the lazy Panel module is not loaded yet in this test's module graph.
  it('pressed at once, it waits for the panel and then moves the focus there', async () => {
    await selectScenario('seed-001-fencing-race');
    const user = userEvent.setup();
    render(<App />);
    expect(screen.queryByTestId('panel-explorer')).toBeNull(); // still the lazy fallback
    const nav = within(screen.getByRole('navigation', { name: 'Side panels' }));
    const button = nav.getByRole('button', { name: 'Explorer panel' });
    await user.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('panel-explorer')), {
      timeout: 20_000,
    });
  });

  it('a press on another panel while it waits cancels it: the focus stays on that panel', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const user = userEvent.setup();
    render(<App />);
    const nav = within(screen.getByRole('navigation', { name: 'Side panels' }));
    await user.click(nav.getByRole('button', { name: 'Explorer panel' }));
    await user.click(nav.getByRole('button', { name: 'Messages panel' }));
    expect(document.activeElement).toBe(screen.getByTestId('panel-outcomes'));
    await screen.findByTestId('panel-explorer', {}, { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByTestId('panel-outcomes'));
  });
});

describe('Next actions: the key and its badges are separate words', () => {
  it('seed 001 at step 0: “<key>, default, taken next”, the badges still drawn alone', async () => {
    await selectScenario('seed-001-fencing-race');
    render(<App />);
    const items = within(screen.getByTestId('panel-next')).getAllByRole('listitem');
    const first = items[0]!;
    const key = within(first).getByRole('button').textContent!;
    // The key's words follow on a line of their own (UX review 14, finding 11).
    expect(first.textContent).toBe(
      `${key}, default, taken next: ${first.querySelector('.action-words')!.textContent!.slice(2)}`,
    );
    expect(first.querySelector('.action-words')!.textContent).toBe(
      ': p1 connects and resends what is pending',
    );
    expect(within(first).getByText('default')).toHaveClass('tag');
    expect(within(first).getByText('taken next')).toHaveClass('tag', 'tag-accent');
    // An item with no badge is its key alone; the button's name is still the key.
    const plain = items.find((li) => !li.querySelector('.tag'));
    if (plain)
      expect(plain.textContent).toBe(
        `${within(plain).getByRole('button').textContent}${plain.querySelector('.action-words')?.textContent ?? ''}`,
      );
    expect(within(first).getByRole('button')).toHaveAccessibleName(key);
  });
});

describe('scrollFor across with `pull`: as far left as still shows the step', () => {
  const box = (left: number, right: number, top = 300, bottom = 600): Box => ({
    left,
    right,
    top,
    bottom,
  });
  // Seed 001's step 17 in Chromium at 1280 × 800 (view 790 wide, px from its left), scrolled 227
  // px right by step 15's arrow to the metadata store: the step's texts span 157–584, its row
  // (the VIOLATION note over every lane) -227–1099. p1's lane sits at -98, broker-1's at 96.
  const view = box(0, 790, 0, 800);
  const row = box(-227, 1099);
  const all = box(157, 584);
  const labels = { all, first: box(283, 446), violation: null };

  it('without pull (the user scrolled by hand) nothing moves: the texts show', () => {
    expect(scrollFor(view, row, labels).across).toBe(0);
  });

  it('with pull 227 it moves 194 px left (to 33, as a link opened at step 17 stands): p1’s lane shows, the texts still whole', () => {
    const { across } = scrollFor(view, row, labels, 227);
    expect(across).toBe(584 - (790 - 12));
    expect(-98 - across).toBeGreaterThan(0); // p1's lane in view
    expect(all.left - across).toBeGreaterThanOrEqual(12);
    expect(all.right - across).toBeLessThanOrEqual(790 - 12);
  });

  it('never past the drawing’s left edge (pull 20: 20 px at most)', () => {
    expect(scrollFor(view, row, { ...labels, all: box(300, 500) }, 20).across).toBe(-20);
  });

  it('a target off the right still scrolls right as before', () => {
    const right = { ...labels, all: box(700, 900) };
    expect(scrollFor(view, row, right, 0).across).toBe(scrollFor(view, row, right).across);
  });
});

describe('the Messages panel says what a send asked beyond its payload', () => {
  const messages = () => within(screen.getByTestId('panel-outcomes'));

  it('geo-replicate-to-local at its last step: M1 “replicate_to [us-east]”, not “not at us-west yet”', async () => {
    await selectScenario('geo-replicate-to-local');
    render(<App />);
    act(() => appStore.setState({ cursor: appStore.getState().result!.steps.length - 1 }));
    const m1 = messages().getByTestId('outcome-M1');
    expect(m1).toHaveTextContent(/^M1 p1 replicate_to \[us-east\]stored at 10:0us-east 10:0$/);
    expect(m1).not.toHaveTextContent('not at us-west');
    expect(messages().queryByTestId('outcome-sent-with-M2')).toBeNull();
  });

  it('go-delayed-overtakes-batch: M2 “deliver_at_time: +5000 ms”; chunked-dedup-pr-20948: M1 “2 chunks”', async () => {
    await selectScenario('go-delayed-overtakes-batch');
    const { unmount } = render(<App />);
    act(() => appStore.setState({ cursor: appStore.getState().result!.steps.length - 1 }));
    expect(messages().getByTestId('outcome-sent-with-M2')).toHaveTextContent(
      'deliver_at_time: +5000 ms',
    );
    unmount();
    await selectScenario('chunked-dedup-pr-20948');
    render(<App />);
    act(() => appStore.setState({ cursor: appStore.getState().result!.steps.length - 1 }));
    expect(messages().getByTestId('outcome-sent-with-M1')).toHaveTextContent('2 chunks');
  });
});

describe('the Topic panel names a chunked message it cannot assemble', () => {
  const head = () => within(screen.getByTestId('topic-local')).getByText(/^stored:/);

  it('chunked-dedup-pr-20948 at its last step: “stored: nothing yet · M1 incomplete (chunk 1 of 2)”; with pr-20948 “stored: M1”', async () => {
    await selectScenario('chunked-dedup-pr-20948');
    render(<App />);
    const end = () =>
      act(() => appStore.setState({ cursor: appStore.getState().result!.steps.length - 1 }));
    end();
    expect(head()).toHaveTextContent(/^stored: nothing yet · M1 incomplete \(chunk 1 of 2\)$/);
    await act(() => setFixes(['pr-20948']));
    end();
    expect(head()).toHaveTextContent(/^stored: M1$/);
  });
});
