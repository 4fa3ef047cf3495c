// UX review 24 (docs/research/ux-review-24.md): a reader toggles a seed's proposed fix and explores
// again to ask whether it closes the gap. Review 26's searches, with the real explorer: seed 000's
// two entries under a ChecksumError (x01) — with guard-rewind two invariants are violated where one
// was, and the panel said nothing of no-silent-loss being the gap still open (the intact buffer's
// path) nor of replication-progress being the fix's visible stop; under a NotAllowedError (x02)
// guard-rewind closes the loss; seed 003's row (a) with a drop anywhere (x03) needs no fault at all;
// seed 002's queue under V1 (x05) has no gap for pr-23697 to close.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExploreResult } from '../../src/engine';
import { besideOf, closedWords } from '../../src/ui/components/Explorer/beside';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { runCustomScenario, toggleFix } from '../../src/ui/store';
import { scenario } from '../scenarios/unseen-26.scenarios';
import { fakeExplore } from './fakeExplore';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  await startOnDirectRunner();
});

/** Explores once without the fix, then once with it toggled on, and returns the fake session. */
async function withoutThenWith(id: string, fix: string) {
  await runCustomScenario(scenario(id));
  const user = userEvent.setup();
  const f = fakeExplore();
  render(<ExplorerPanel start={f.start} />);
  await user.click(screen.getByRole('button', { name: 'Explore' }));
  await f.answer(0);
  await act(() => toggleFix(fix));
  await user.click(screen.getByRole('button', { name: 'Explore' }));
  expect(f.calls[1]!.req.fixes).toEqual([fix]);
  await f.answer(1);
  return f;
}
const item = (inv: string) => screen.getByTestId(`explorer-violation-${inv}`);

describe('UX review 24: a fix’s verdict beside the search without it', () => {
  it('x01 with guard-rewind: no-silent-loss is “still open”, its shortest trace the intact buffer’s ChecksumError; replication-progress is new', async () => {
    await withoutThenWith('u26-x01-two-entries-checksum', 'guard-rewind');
    const loss = item('no-silent-loss');
    expect(within(loss).getByTestId('explorer-beside')).toHaveTextContent(
      'Still open with guard-rewind: found with no fixes too (shortest trace 11 steps then, 11 now).',
    );
    expect(within(loss).getByTestId('explorer-beside')).toHaveClass('explorer-still-open');
    expect(screen.getByTestId('explorer-trace-faults-no-silent-loss')).toHaveTextContent(
      'Its shortest trace takes checksum-error on E3 at us-west (local buffer intact) at step 3.',
    );
    expect(within(item('replication-progress')).getByTestId('explorer-beside')).toHaveTextContent(
      'New with guard-rewind: not found with no fixes.',
    );
    expect(screen.getByTestId('explorer-trace-faults-replication-progress')).toHaveTextContent(
      /checksum-error on E3 at us-west \(.*corrupt.*\) at step \d+\./,
    );
    expect(screen.queryByTestId('explorer-closed')).toBeNull();
  });

  it('x02 with guard-rewind: the loss is closed; the stall stays, found without it too', async () => {
    await withoutThenWith('u26-x02-two-entries-not-allowed', 'guard-rewind');
    expect(screen.getByTestId('explorer-closed')).toHaveTextContent(
      'Closed with guard-rewind: no-silent-loss, found with no fixes (13 steps), is not found.',
    );
    expect(screen.queryByTestId('explorer-violation-no-silent-loss')).toBeNull();
    expect(within(item('replication-progress')).getByTestId('explorer-beside')).toHaveTextContent(
      'Still open with guard-rewind: found with no fixes too (shortest trace 8 steps then, 8 now).',
    );
  });

  it('x03 without go-1565: the loss needs no fault; with it, closed', async () => {
    await withoutThenWith('u26-x03-a-go-disconnect', 'go-1565');
    expect(screen.getByTestId('explorer-closed')).toHaveTextContent(
      'Closed with go-1565: no-silent-loss, found with no fixes (12 steps), is not found.',
    );
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(/no violation in 704 states/);
  });

  it('x05 with pr-23697: nothing found either way — “nothing to close”', async () => {
    await withoutThenWith('u26-x05-v1-drop', 'pr-23697');
    expect(screen.getByTestId('explorer-closed')).toHaveTextContent(
      'Nothing to close: with no fixes too, no invariant was violated.',
    );
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(
      /no violation in 14,527 states, complete/,
    );
  });

  it('the first search, or one with the same fixes again, is read alone; its trace’s faults are named', async () => {
    await runCustomScenario(scenario('u26-x03-a-go-disconnect'));
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    expect(screen.getByTestId('explorer-trace-faults-no-silent-loss')).toHaveTextContent(
      'Its shortest trace takes no fault: an interleaving alone reaches it.',
    );
    expect(screen.queryByTestId('explorer-beside')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(1);
    expect(screen.queryByTestId('explorer-beside')).toBeNull();
    expect(screen.queryByTestId('explorer-closed')).toBeNull();
  });
});

describe('nothing to close, within the states searched (review of session 24)', () => {
  const clean = (complete: boolean) => ({ violations: [], complete }) as unknown as ExploreResult;
  it('says so plainly only when both searches were complete', () => {
    expect(closedWords(clean(true), clean(true), ['pr-23697'], [])).toEqual([
      'Nothing to close: with no fixes too, no invariant was violated.',
    ]);
    expect(closedWords(clean(true), clean(false), ['pr-23697'], [])).toEqual([
      'Nothing to close: with no fixes too, no invariant was violated in the states searched.',
    ]);
  });
});

describe('a search from here is read beside one from the same place only (review of session 24)', () => {
  const result = { violations: [], complete: true } as unknown as ExploreResult;
  const sc = {};
  const searched = (prefix: string[], fixes: string[]) => ({
    ran: { faults: [], block: {}, from: 2, prefix, fixes },
    result,
    scenario: sc,
  });
  it('the same step reached by other actions (another branch) is not the same place', () => {
    const before = searched(['workload', 'deliver-send:p1'], []);
    expect(besideOf(before, searched(['workload', 'deliver-send:p1'], ['go-1565']))).toBe(before);
    expect(besideOf(before, searched(['workload', 'persist:local'], ['go-1565']))).toBeNull();
  });
});
