// The explorer's progress line gives a rate only over enough time to mean one (UX review 6): a
// search that ended before its first progress report read "136 states · 136,000 states/s", its
// time floored at 1 ms. Below 50 ms it says what is known instead, "in under 0.1 s" (review 9: it
// said "— states/s" next to a verdict's "0.0 s", a dash that looked like missing data); after the
// end the rate is over the whole search (it was over the time up to the last progress report).
// The clock is faked.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { explore, explorerBounds, loadScenario, type ExploreResult } from '../../src/engine';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { rateOf, secondsOf } from '../../src/ui/components/Explorer/SearchStatus';
import { builtinById } from '../../src/scenarios';
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

function realResult(): ExploreResult {
  const loaded = loadScenario(builtinById('seed-003-a-go-explore'), []);
  if (!loaded.ok) throw new Error('invalid');
  return explore(loaded.config, explorerBounds(loaded.config));
}

const rate = () => screen.getByTestId('explorer-rate').textContent;

describe('explorer progress: the rate', () => {
  it('rateOf: no rate below 50 ms but "in under 0.1 s", states over seconds from there', () => {
    expect(rateOf(136, 0)).toBe('in under 0.1 s');
    expect(rateOf(136, 0.0004)).toBe('in under 0.1 s');
    expect(rateOf(136, 0.049)).toBe('in under 0.1 s');
    expect(rateOf(5000, 0.05)).toBe('100,000 states/s');
    expect(rateOf(1234, 2)).toBe('617 states/s');
    expect(secondsOf(0)).toBe('under 0.1 s');
    expect(secondsOf(0.049)).toBe('under 0.1 s');
    expect(secondsOf(0.05)).toBe('0.1 s');
    expect(secondsOf(4)).toBe('4.0 s');
  });

  it('a search done in under 1 ms shows its states and no rate (it read "…,000 states/s")', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }));
    const result = realResult();
    clock += 0.4;
    await act(async () => f.calls[0]!.finish(result));
    const line = screen.getByTestId('explorer-progress');
    expect(line.textContent).toMatch(
      new RegExp(
        `^${result.states.toLocaleString('en-US')} states in under 0\\.1 s · depth \\d+ · queue 0$`,
      ),
    );
    expect(line.textContent).not.toMatch(/states\/s|—/);
    // The verdict beside it says the same, not "(0.0 s)".
    const verdict = screen.getByTestId('explorer-verdict');
    expect(verdict.textContent).toMatch(/\(under 0\.1 s\)$/);
    expect(verdict.textContent).not.toMatch(/0\.0 s/);
  });

  it('a longer search: the rate so far while it runs, over the whole search once done', async () => {
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }));
    clock += 10;
    act(() =>
      f.calls[0]!.progress({ states: 50, transitions: 60, depth: 3, queue: 9, done: false }),
    );
    expect(rate()).toBe('in under 0.1 s');
    expect(screen.getByTestId('explorer-progress')).toHaveTextContent(
      '50 states in under 0.1 s · depth 3 · queue 9',
    );
    clock += 1990; // 2 s in
    act(() =>
      f.calls[0]!.progress({ states: 1234, transitions: 2000, depth: 7, queue: 56, done: false }),
    );
    expect(rate()).toBe('617 states/s');
    expect(screen.getByTestId('explorer-progress')).toHaveTextContent(
      '1,234 states · 617 states/s · depth 7',
    );
    const result = realResult();
    clock += 2000; // done 4 s in, 2 s after the last report
    await act(async () => f.calls[0]!.finish(result));
    expect(rate()).toBe(`${Math.round(result.states / 4).toLocaleString('en-US')} states/s`);
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent('(4.0 s)');
  });
});
