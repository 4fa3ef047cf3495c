// Compare fixes while it runs (UX review 9, Follow-up: on seed 001 a comparison takes minutes and
// the panel showed only a growing count): which search is under way ("search 2 of 4: go-1565"),
// its count against the state bound, its rate, depth against the depth bound and its time; what is
// done and waiting and how long the comparison has run; the verdicts of the searches done as each
// arrives; Cancel keeps them and says how far it got. The session is faked, answered by the real
// explorer, and so is the clock.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { durationOf } from '../../src/ui/components/Explorer/compared';
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

const line = () => screen.getByTestId('compare-progress').textContent;
const overall = () => screen.getByTestId('compare-overall').textContent;
const soFar = () =>
  within(screen.getByTestId('compare-table-so-far'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent));

describe('compare fixes: where it is and how long it has run', () => {
  it('durationOf: the verdict’s seconds under a minute, then minutes and seconds, then hours', () => {
    expect(durationOf(0.01)).toBe('under 0.1 s');
    expect(durationOf(2)).toBe('2.0 s');
    expect(durationOf(59.9)).toBe('59.9 s');
    expect(durationOf(59.97)).toBe('1 min 00 s');
    expect(durationOf(125.4)).toBe('2 min 05 s');
    expect(durationOf(3725)).toBe('1 h 02 min');
  });

  it('search k of n and its fix, the count of at most the bound, rate, depth, time; the verdicts done as they arrive; Cancel keeps them', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare fixes' }));
    // Before any report: the bounds it heads for, no rate yet.
    expect(line()).toBe(
      'search 1 of 4: no fixes · 0 of at most 750,000 states in under 0.1 s · depth 0 of at most 80',
    );
    expect(overall()).toBe(
      '0 of 4 done · waiting: go-1565, go-highest-sequence-id, go-isolate-resends · the comparison has run under 0.1 s',
    );
    expect(screen.queryByTestId('compare-table-so-far')).toBeNull();

    clock += 2000;
    act(() =>
      f.calls[0]!.progress({ states: 1234, transitions: 2000, depth: 7, queue: 56, done: false }),
    );
    expect(line()).toBe(
      'search 1 of 4: no fixes · 1,234 of at most 750,000 states · 617 states/s · depth 7 of at most 80 · 2.0 s',
    );
    expect(screen.getByRole('progressbar', { name: 'Comparison search progress' })).toHaveAttribute(
      'value',
      '1234',
    );

    // The first search ends: its verdict shows at once, the second starts from 0 s.
    clock += 1000;
    await f.answer(0);
    expect(line()).toBe(
      'search 2 of 4: go-1565 · 0 of at most 750,000 states in under 0.1 s · depth 0 of at most 80',
    );
    expect(overall()).toBe(
      '1 of 4 done · waiting: go-highest-sequence-id, go-isolate-resends · the comparison has run 3.0 s',
    );
    expect(soFar()).toEqual([['no fixes', 'violated', 'not-applicable']]);
    expect(screen.queryByTestId('compare-table')).toBeNull();
    // A table of some fixes is not the comparison's: nothing to copy yet.
    expect(screen.queryByRole('button', { name: 'Copy table' })).toBeNull();

    // Minutes in.
    clock += 125_000;
    act(() =>
      f.calls[1]!.progress({
        states: 250_000,
        transitions: 400_000,
        depth: 31,
        queue: 9000,
        done: false,
      }),
    );
    expect(line()).toBe(
      'search 2 of 4: go-1565 · 250,000 of at most 750,000 states · 2,000 states/s · depth 31 of at most 80 · 2 min 05 s',
    );
    expect(overall()).toMatch(/· the comparison has run 2 min 08 s$/);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel comparison' }));
    expect(f.calls[1]!.cancelled).toBe(true);
    expect(await screen.findByText(/^Comparison cancelled/)).toHaveTextContent(
      'Comparison cancelled after 1 of 4 searches. It ran 2 min 08 s; search 2 (go-1565) was stopped at 250,000 states.',
    );
    // What was finished stays.
    expect(soFar()).toEqual([['no fixes', 'violated', 'not-applicable']]);
    expect(screen.queryByTestId('compare-progress')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy table' })).toBeNull();
    expect(f.calls).toHaveLength(2);
  });

  it('the last search: nothing waiting; once done, the whole table and its time', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare fixes' }));
    for (let i = 0; i < 3; i++) {
      clock += 20_000;
      await f.answer(i);
    }
    expect(line()).toMatch(/^search 4 of 4: go-isolate-resends · 0 of at most 750,000 states/);
    expect(overall()).toBe('3 of 4 done · the comparison has run 1 min 00 s');
    expect(soFar()).toHaveLength(3);
    clock += 15_500;
    await f.answer(3);
    expect(screen.queryByTestId('compare-progress')).toBeNull();
    expect(screen.queryByTestId('compare-table-so-far')).toBeNull();
    expect(within(screen.getByTestId('compare-table')).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByTestId('compare-time')).toHaveTextContent('4 searches in 1 min 15 s.');
    expect(screen.getByRole('button', { name: 'Copy table' })).toBeEnabled();
  });

  it('cancelled before any search finished: no table, and where the first one stopped', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare fixes' }));
    clock += 400;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel comparison' }));
    expect(await screen.findByText(/^Comparison cancelled/)).toHaveTextContent(
      'Comparison cancelled after 0 of 4 searches. It ran 0.4 s; search 1 (no fixes) was stopped at 0 states.',
    );
    expect(screen.queryByTestId('compare-table-so-far')).toBeNull();
    expect(screen.queryByTestId('compare-table')).toBeNull();
  });
});
