// "Compare fixes" in the explorer panel, with a fake session answered by the real explorer: one
// search as toggled, then one per fix that changes a class the scenario models; the verdicts in
// one table; Copy table puts the Markdown table on the clipboard (shown to copy by hand when the
// browser refuses); Cancel stops the chain.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { appStore, selectScenario, toggleFix } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore as fake } from './fakeExplore';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go-explore');
});

describe('compare fixes', () => {
  it('seed-003-a-go-explore: as toggled, then each Go fix; PR 1565 and its isolate-resends half hold, the other half does not', async () => {
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    // One search at a time; the panel's own Explore waits meanwhile.
    expect(f.calls).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Explore' })).toBeDisabled();
    expect(screen.getByTestId('compare-progress')).toHaveTextContent('search 1 of 4: no fixes');
    for (let i = 0; i < 4; i++) await f.answer(i);
    expect(f.calls.map((c) => c.req.fixes)).toEqual([
      [],
      ['go-1565'],
      ['go-highest-sequence-id'],
      ['go-isolate-resends'],
    ]);
    const rows = within(screen.getByTestId('compare-table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent));
    expect(rows).toEqual([
      ['no fixes', 'violated', 'not-applicable'],
      ['go-1565', 'holds', 'not-applicable'],
      ['go-highest-sequence-id', 'violated', 'not-applicable'],
      ['go-isolate-resends', 'holds', 'not-applicable'],
    ]);
    expect(screen.getByTestId('compare-table')).toHaveTextContent(/none \(complete\)/);
    expect(screen.getByRole('button', { name: 'Explore' })).toBeEnabled();

    // user-event's clipboard stands in for the browser's.
    await user.click(screen.getByRole('button', { name: 'Copy table' }));
    await screen.findByText('Copied as a Markdown table.');
    const md = await navigator.clipboard.readText();
    expect(md).toContain('| fix | safety | liveness | found | search |');
    expect(md).toMatch(
      /\| `go-1565` \| holds \| not-applicable \| none \(complete\) \| [\d,]+ states, complete \|/,
    );
    expect(md).toContain('(max depth 80, max states 750000, faults none max 0)');
  });

  it('an invariant in the table opens its trace in the timeline, with that row’s fix turned on', async () => {
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    for (let i = 0; i < 4; i++) await f.answer(i);
    await user.click(
      screen.getByRole('button', {
        name: 'Open the no-silent-loss counterexample with go-highest-sequence-id',
      }),
    );
    await waitFor(() => expect(appStore.getState().branch).toBe(1));
    const s = appStore.getState();
    expect(s.fixes).toEqual(['go-highest-sequence-id']);
    expect(s.branches[1]!.schedule.length).toBeGreaterThan(0);
    // The run with that fix reaches the loss the search found, at the cursor.
    const v = s.result!.violations.find((x) => x.invariant === 'no-silent-loss')!;
    expect(v).toBeDefined();
    expect(s.cursor).toBe(v.step);
  });

  it('a fix toggled on is the baseline: the search without it comes first, the others are added to it', async () => {
    await toggleFix('go-highest-sequence-id');
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    expect(screen.getByTestId('compare-progress')).toHaveTextContent('search 1 of 4: no fixes');
    for (let i = 0; i < 4; i++) await f.answer(i);
    expect(f.calls.map((c) => c.req.fixes)).toEqual([
      [],
      ['go-highest-sequence-id'],
      ['go-highest-sequence-id', 'go-1565'],
      ['go-highest-sequence-id', 'go-isolate-resends'],
    ]);
    // Each other row ran with the toggled fix too, and says so (UX review 11: "go-1565" alone, under
    // "as toggled (go-highest-sequence-id)", read as a search without it). The search without it
    // is a row of its own (UX review 24, finding 4): what the toggled fix closes, in one table.
    const rows = within(screen.getByTestId('compare-table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent));
    expect(rows).toEqual([
      ['no fixes', 'violated'],
      ['as toggled (go-highest-sequence-id)', 'violated'],
      ['go-highest-sequence-id + go-1565', 'holds'],
      ['go-highest-sequence-id + go-isolate-resends', 'holds'],
    ]);
    expect(screen.getByTestId('compare-announce')).toHaveTextContent(
      /^go-highest-sequence-id \+ go-isolate-resends: safety \w+/,
    );
    // The Markdown names the row in words, as the baseline's, not as a fix id.
    await user.click(screen.getByRole('button', { name: 'Copy table' }));
    await screen.findByText('Copied as a Markdown table.');
    const md = await navigator.clipboard.readText();
    expect(md).toMatch(
      /\n\| no fixes \| violated \|.*\n\| as toggled \(go-highest-sequence-id\) \| violated \|/,
    );

    // Its counterexample opens with the toggle off: the loss the search without it found.
    await user.click(
      screen.getByRole('button', { name: 'Open the no-silent-loss counterexample with no fixes' }),
    );
    await waitFor(() => expect(appStore.getState().branch).toBe(1));
    expect(appStore.getState().fixes).toEqual([]);
    expect(appStore.getState().result!.violations.map((v) => v.invariant)).toContain(
      'no-silent-loss',
    );
  });

  it('every fix that applies toggled on: the search without them and with them', async () => {
    for (const fix of ['go-1565', 'go-highest-sequence-id', 'go-isolate-resends'])
      await toggleFix(fix);
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    for (let i = 0; i < 2; i++) await f.answer(i);
    expect(f.calls.map((c) => c.req.fixes)).toEqual([
      [],
      ['go-1565', 'go-highest-sequence-id', 'go-isolate-resends'],
    ]);
    const names = within(screen.getByTestId('compare-table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent));
    expect(names).toEqual([
      ['no fixes', 'violated'],
      ['as toggled (go-1565, go-highest-sequence-id, go-isolate-resends)', 'holds'],
    ]);
  });

  it('a scenario no fix applies to: nothing runs, and the panel says why', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    expect(f.calls).toHaveLength(0);
    expect(screen.getByTestId('explorer-compare')).toHaveTextContent(
      'Nothing to compare: no fix changes a class this scenario models',
    );
  });

  it('Cancel comparison stops the chain and says how far it got', async () => {
    const user = userEvent.setup();
    const f = fake();
    render(<ExplorerPanel start={f.start} />);
    await user.click(screen.getByRole('button', { name: 'Compare fixes' }));
    await f.answer(0);
    await user.click(screen.getByRole('button', { name: 'Cancel comparison' }));
    expect(f.calls[1]!.cancelled).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('explorer-compare')).toHaveTextContent(
        'Comparison cancelled after 1 of 4 searches.',
      ),
    );
    expect(f.calls).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Compare fixes' })).toBeEnabled();
  });
});
