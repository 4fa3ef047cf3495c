// Compare fixes for screen readers (UX review 10): the progress line changed on every report of
// the worker (~40 a second) and was a role=status region, so a screen reader was handed every count.
// Now the line is not live, and one polite region, there before the first click, says only when a
// search starts, each verdict, the end and a cancel — unchanged by any number of reports between.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

let clock = 1000;
beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go-explore');
  clock = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

const said = () => screen.getByTestId('compare-announce').textContent;

describe('compare fixes: what a screen reader hears', () => {
  it('one polite region: the start, each verdict with the next search, the end; the moving line is not live', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const region = screen.getByTestId('compare-announce');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(said()).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Compare fixes' }));
    expect(said()).toBe('Compare fixes started. Search 1 of 4: no fixes.');
    // Neither the moving line nor anything around it is a live region.
    const line = screen.getByTestId('compare-progress');
    expect(line.closest('[role=status],[role=alert],[aria-live]')).toBeNull();
    expect(screen.getByTestId('compare-overall').closest('[aria-live],[role=status]')).toBeNull();

    // Reports move the line, never the region (the same node, the same text).
    for (let i = 1; i <= 30; i++) {
      clock += 25;
      act(() =>
        f.calls[0]!.progress({
          states: i * 100,
          transitions: i * 150,
          depth: i,
          queue: i,
          done: false,
        }),
      );
    }
    expect(line.textContent).toMatch(/3,000 of at most/);
    expect(screen.getByTestId('compare-announce')).toBe(region);
    expect(said()).toBe('Compare fixes started. Search 1 of 4: no fixes.');

    await f.answer(0);
    expect(said()).toMatch(
      /^no fixes: safety violated, liveness not-applicable; found no-silent-loss \(\d+ steps\)\. Search 2 of 4: go-1565\.$/,
    );
    for (let i = 1; i < 4; i++) await f.answer(i);
    expect(said()).toMatch(
      /^go-isolate-resends: safety \w+, liveness [\w-]+; found .+\. Compare fixes done: 4 searches in [\d.]+ s\.$/,
    );
    expect(screen.getByTestId('compare-announce')).toBe(region);
  });

  it('a cancel is said once, in the same region', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare fixes' }));
    clock += 400;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel comparison' }));
    expect(said()).toBe(
      'Compare fixes: Comparison cancelled after 0 of 4 searches. It ran 0.4 s; search 1 (no fixes) was stopped at 0 states.',
    );
    // The visible message is not a second live region.
    expect(
      screen.getByText(/^Comparison cancelled/).closest('[role=status],[aria-live]'),
    ).toBeNull();
  });
});
