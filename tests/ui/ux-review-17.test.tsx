// UX review 17 (docs/research/ux-review-17.md), as rendered text:
// - a topology detail keeps "mark-delete" whole (it broke as "mark-" / "delete 10:0"), its text
//   the engine's;
// - a ⚡ pick is heard once: the Fault plan's notice is the one status, the note beside the ⚡ is
//   for the eye;
// - an arrow's pick is noted in the diagram's zoom bar, not over the drawing;
// - the explorer keeps "send-timeout" whole in Faults searched, fills its bar once a search is
//   complete, says a bound it cannot read is not a number (not "was empty"), and Compare fixes
//   calls its first row "no fixes";
// - a link to a counterexample names the fault the explorer placed (it said "faults: none").
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { ARROW_ORIGIN } from '../../src/ui/components/Diagram/ArrowMenu';
import { readBound } from '../../src/ui/components/Explorer/bounds';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { clearPickNote, pickFault } from '../../src/ui/components/FaultPlan/pickNote';
import * as store from '../../src/ui/store';
import { linkSummary } from '../../src/ui/share/linkSummary';
import { fakeExplore } from './fakeExplore';
import { openCounterexample } from './openCounterexample';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  clearPickNote();
  await startOnDirectRunner();
});

describe('a topology detail breaks at spaces only', () => {
  it('geo-two-way step 20: "mark-delete" is one unbreakable word; the text is the engine’s', async () => {
    await store.selectScenario('geo-two-way');
    act(() => store.setCursor(20));
    render(<App />);
    const panel = screen.getByTestId('panel-topology');
    const details = await waitFor(() => {
      const found = [...panel.querySelectorAll('.topo-detail')].filter((d) =>
        d.textContent?.includes('mark-delete'),
      );
      expect(found).toHaveLength(2);
      return found;
    });
    for (const d of details) {
      // The title is the engine's detail: what shows is that text, not a changed one.
      expect(d.textContent).toBe(d.getAttribute('title'));
      expect(d.textContent).toMatch(/^Started · v2 · mark-delete \d+:\d+$/);
      const whole = [...d.querySelectorAll('.word-whole')].map((w) => w.textContent);
      expect(whole).toEqual(['mark-delete']);
    }
  });
});

describe('a fault pick is heard once, and an arrow’s note keeps off the drawing', () => {
  it('geo-v2-clean step 16, ⚡ on E3: one status speaks of the pick, the Fault plan’s', async () => {
    await store.selectScenario('geo-v2-clean');
    act(() => store.setCursor(16));
    render(<App />);
    const user = userEvent.setup();
    const producers = screen.getByTestId('panel-producers');
    await user.click(
      within(producers).getAllByRole('button', { name: /^Inject a fault on E3 at us-west/ })[0]!,
    );
    await user.click(screen.getByRole('menuitem', { name: /^lose-receipt/ }));
    const note = await within(producers).findByText(
      'Added to the Fault plan: lose-receipt on E3 at us-west',
    );
    expect(note).toHaveAttribute('aria-hidden', 'true');
    const spoken = screen
      .getAllByRole('status')
      .filter((s) => s.textContent?.includes('lose-receipt on E3 at us-west'));
    expect(spoken).toHaveLength(1);
    expect(within(screen.getByTestId('panel-faults')).getByRole('status')).toBe(spoken[0]);
    expect(spoken[0]).toHaveTextContent(/^lose-receipt on E3 at us-west added at step 16: /);
  });

  it('a refused pick: the Fault plan’s alert says why, the note only points there', async () => {
    await store.selectScenario('geo-v2-clean');
    act(() => store.setCursor(16));
    render(<App />);
    await act(() => pickFault('producers:E3@us-west', { kind: 'lose-receipt', message: 'E 3' }));
    const note = screen.getByTestId('fault-added');
    expect(note).toHaveTextContent(/^Not added: .*\. The Fault plan says why\.$/);
    expect(note).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByTestId('panel-faults')).getByRole('alert')).toHaveTextContent(
      'was not added: the scenario validator rejects it.',
    );
  });

  it('geo-two-way: an arrow’s pick is noted in the zoom bar, not in the drawing', async () => {
    await store.selectScenario('geo-two-way');
    render(<App />);
    await act(() =>
      pickFault(ARROW_ORIGIN, { kind: 'lose-receipt', message: 'E1', cluster: 'us-east' }),
    );
    const bar = screen.getByRole('toolbar', { name: 'Diagram zoom' });
    expect(within(bar).getByTestId('fault-added')).toHaveTextContent(
      'Added to the Fault plan: lose-receipt on E1 at us-east',
    );
    expect(within(screen.getByTestId('diagram')).queryByTestId('fault-added')).toBeNull();
  });
});

describe('the explorer walked as a user', () => {
  it('go-chunked-timeout-early-success-explore: send-timeout kept whole, and a complete search’s bar is full', async () => {
    await store.selectScenario('go-chunked-timeout-early-success-explore');
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Explore' }));
    await f.answer(0);
    const faults = await screen.findByTestId('explorer-faults');
    expect(faults).toHaveTextContent(
      'Faults searched: placed by the search: send-timeout, unload-topic, at most 2 per run',
    );
    expect([...faults.querySelectorAll('.word-whole')].map((w) => w.textContent)).toEqual([
      'send-timeout,',
      'unload-topic,',
    ]);
    expect(screen.getByTestId('explorer-verdict')).toHaveTextContent(/complete/);
    const bar = screen.getByRole('progressbar', { name: 'Explorer progress' });
    expect(bar).toHaveAttribute('value', bar.getAttribute('max'));
  });

  it('a bound the browser cannot read as a number says so, not "was empty"', async () => {
    expect(readBound('maxStates', '', true)).toEqual({
      ok: false,
      why: 'is not a number as typed',
    });
    expect(readBound('maxStates', '', false)).toEqual({ ok: false, why: 'was empty' });
    await store.selectScenario('seed-003-b-go-explore');
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const states = screen.getByLabelText('Max states');
    // What Chromium reports for "1e" typed in a number field: no value, and badInput.
    Object.defineProperty(states, 'validity', { value: { badInput: true }, configurable: true });
    fireEvent.change(states, { target: { value: '' } });
    fireEvent.input(states);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Explore' }));
    expect(screen.getByText('Max states is not a number as typed: kept 750,000.')).toBeVisible();
    expect(states).toHaveValue(750000);
  });

  it('Compare fixes: the first row is "no fixes", in the table and in its open button', async () => {
    await store.selectScenario('seed-003-b-go-explore');
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Compare fixes' }));
    expect(screen.getByTestId('compare-progress')).toHaveTextContent(
      /^search 1 of \d+: no fixes · /,
    );
    for (let i = 0; i < f.calls.length; i++) await f.answer(i);
    const table = await screen.findByTestId('compare-table');
    expect(within(table).getAllByRole('row')[1]!.querySelector('td')).toHaveTextContent(
      /^no fixes$/,
    );
    expect(
      within(table).getAllByRole('button', {
        name: 'Open the no-duplicates counterexample with no fixes',
      }),
    ).toHaveLength(1);
  });
});

describe('a link to a counterexample', () => {
  it('seed-000-explore: the summary names the fault the explorer placed, not "faults: none"', async () => {
    await openCounterexample('seed-000-explore', 'no-silent-loss');
    await waitFor(() => expect(store.appStore.getState().branch).toBeGreaterThan(0));
    const summary = linkSummary(store.appStore.getState());
    expect(summary).toMatch(
      / · faults: checksum-error on E3 at us-west \(local buffer (intact|corrupted)\) \(placed by the explorer at step \d+\) · a fork: an explorer counterexample/,
    );
    expect(summary).not.toContain('faults: none');
  });
});
