// Defects from the UX review of the explorer panel: cleared bound fields silently became 1 (the
// search ran "no violation in 2 states, cut short"); after Cancel the focus fell to <body>;
// "Explore from here (step 0)" duplicated Explore; every fault kind was offered even where it
// can never apply (ownership-change on a one-broker scenario without bookies).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPLORE_FAULT_KINDS, loadScenario } from '../../src/engine';
import { builtinById } from '../../src/scenarios';
import { kindApplies, readBound } from '../../src/ui/components/Explorer/bounds';
import ExplorerPanel from '../../src/ui/components/Explorer/Panel';
import { selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { fakeExplore } from './fakeExplore';

beforeEach(async () => {
  await startOnDirectRunner();
  await selectScenario('seed-003-a-go-explore');
});

const panel = () => screen.getByTestId('panel-explorer');
const blockSent = (f: ReturnType<typeof fakeExplore>, i = 0) =>
  (f.calls[i]!.req.scenario as { explore: { maxDepth: number; maxStates: number } }).explore;

describe('explorer bound fields', () => {
  it('cleared fields keep their values, say so, and the search runs with them (not 1)', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const depth = within(panel()).getByLabelText('Max depth');
    const states = within(panel()).getByLabelText('Max states');
    expect(depth).toHaveValue(80);
    expect(states).toHaveValue(750000);
    await user.clear(depth);
    await user.clear(states);
    await user.click(within(panel()).getByRole('button', { name: 'Explore' }));
    expect(blockSent(f)).toMatchObject({ maxDepth: 80, maxStates: 750000 });
    expect(depth).toHaveValue(80);
    expect(states).toHaveValue(750000);
    expect(depth).toHaveAccessibleDescription(/^Max depth was empty.*: kept 80\./);
    expect(states).toHaveAccessibleDescription(/^Max states was empty.*: kept 750,000\./);
  });

  it('an invalid value keeps the previous one (a valid edit before it counts) and says why', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    const depth = within(panel()).getByLabelText('Max depth');
    const states = within(panel()).getByLabelText('Max states');
    const faults = within(panel()).getByLabelText('Max faults');
    await user.clear(depth);
    await user.type(depth, '30');
    await user.click(within(panel()).getByRole('button', { name: 'Explore' }));
    await act(async () => f.calls[0]!.finish(null));
    expect(blockSent(f, 0).maxDepth).toBe(30);

    await user.clear(depth);
    await user.type(depth, '0');
    await user.clear(states);
    await user.type(states, '2.5');
    await user.clear(faults);
    await user.type(faults, '99');
    await user.click(within(panel()).getByRole('button', { name: 'Explore' }));
    const sent = f.calls[1]!.req.scenario as {
      explore: { maxDepth: number; maxStates: number; faults: { max: number } };
    };
    expect(sent.explore).toMatchObject({ maxDepth: 30, maxStates: 750000, faults: { max: 0 } });
    expect(depth).toHaveAccessibleDescription(
      /^Max depth must be at least 1: kept 30\. Depth: steps in one run/,
    );
    expect(states).toHaveAccessibleDescription(
      /^Max states must be a whole number \("2\.5" is not\): kept 750,000\. Depth:/,
    );
    expect(faults).toHaveAccessibleDescription(/^Max faults must be at most 10: kept 0\. Depth:/);
    await act(async () => f.calls[1]!.finish(null));
    // Editing a field takes its note away.
    await user.type(depth, '5');
    expect(depth).not.toHaveAccessibleDescription(/kept/);
  });

  it('readBound: empty, not whole, out of range, fine', () => {
    expect(readBound('maxDepth', '')).toMatchObject({ ok: false });
    expect(readBound('maxDepth', '  ')).toMatchObject({ ok: false });
    expect(readBound('maxStates', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(readBound('maxFaults', '0')).toEqual({ ok: true, value: 0 });
    expect(readBound('maxDepth', '-3')).toMatchObject({ ok: false, why: 'must be at least 1' });
  });
});

describe('explorer buttons', () => {
  it('after Cancel the focus is on Explore, not on <body>', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(within(panel()).getByRole('button', { name: 'Explore' }));
    await user.click(within(panel()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByTestId('explorer-status')).toHaveTextContent(/cancelled/),
    );
    expect(within(panel()).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Explore' }));
  });

  it('Explore pressed from the keyboard gives the focus to Cancel (Explore is disabled: it fell to <body>), and Enter cancels', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    within(panel()).getByRole('button', { name: 'Explore' }).focus();
    await user.keyboard('{Enter}');
    expect(within(panel()).getByRole('button', { name: 'Explore' })).toBeDisabled();
    expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(f.calls[0]!.cancelled).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('explorer-status')).toHaveTextContent(/cancelled/),
    );
    expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Explore' }));
  });

  it('so does Explore from here', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    act(() => setCursor(2));
    render(<ExplorerPanel start={f.start} />);
    within(panel()).getByRole('button', { name: 'Explore from here (step 2)' }).focus();
    await user.keyboard(' ');
    expect(f.calls).toHaveLength(1);
    expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Cancel' }));
  });

  it('a search that ends while Cancel has the focus also leaves it on Explore', async () => {
    const user = userEvent.setup();
    const f = fakeExplore();
    render(<ExplorerPanel start={f.start} />);
    await user.click(within(panel()).getByRole('button', { name: 'Explore' }));
    within(panel()).getByRole('button', { name: 'Cancel' }).focus();
    await f.answer(0);
    expect(screen.getByTestId('explorer-verdict')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Explore' }));
  });

  it('"Explore from here" is not offered at step 0 (it would be Explore), and is from step 1', async () => {
    render(<ExplorerPanel start={fakeExplore().start} />);
    expect(within(panel()).queryByRole('button', { name: /Explore from here/ })).toBeNull();
    act(() => setCursor(1));
    expect(
      within(panel()).getByRole('button', { name: 'Explore from here (step 1)' }),
    ).toBeInTheDocument();
    act(() => setCursor(0));
    expect(within(panel()).queryByRole('button', { name: /Explore from here/ })).toBeNull();
  });
});

describe('fault kinds offered', () => {
  const offered = () =>
    within(within(panel()).getByRole('group', { name: 'Fault kinds' }))
      .getAllByRole('checkbox')
      .map((c) => c.parentElement!.textContent!.trim());

  it('one broker, no bookies, one producer: no slow-bookie or ownership-change', () => {
    render(<ExplorerPanel start={fakeExplore().start} />);
    const kinds = offered();
    expect(kinds).not.toContain('slow-bookie');
    expect(kinds).not.toContain('ownership-change');
    for (const k of [
      'lose-receipt',
      'persist-fails',
      'checksum-error',
      'not-allowed',
      'disconnect',
      'restart-producer',
      'unload-topic',
      'duplicate-frames',
    ])
      expect(kinds).toContain(k);
  });

  it('bookies and two brokers: slow-bookie, ownership-change and unload-topic, not persist-fails', async () => {
    await selectScenario('seed-001-explore');
    render(<ExplorerPanel start={fakeExplore().start} />);
    const kinds = offered();
    expect(kinds).toContain('slow-bookie');
    expect(kinds).toContain('ownership-change');
    expect(kinds).toContain('unload-topic');
    expect(kinds).not.toContain('persist-fails');
    // Its reason without parentheses inside the list's own (review 7: "(… (it acts on …))").
    expect(within(panel()).getByTestId('explorer-kinds-missing')).toHaveTextContent(
      /^Not offered here: persist-fails \(every cluster has bookies, and it acts only on abstract storage\)/,
    );
  });

  it('only the replicator sends: no restart-producer (it restarts application producers)', async () => {
    await selectScenario('seed-002-issue-1-explore');
    render(<ExplorerPanel start={fakeExplore().start} />);
    const kinds = offered();
    expect(kinds).not.toContain('restart-producer');
    expect(kinds).toContain('duplicate-frames');
    expect(kinds).toContain('disconnect');
  });

  it('the kinds not offered are named with the reason (seed 000 explore: only the replicator sends, no bookies)', async () => {
    await selectScenario('seed-000-explore');
    render(<ExplorerPanel start={fakeExplore().start} />);
    expect(offered()).not.toContain('send-timeout');
    expect(within(panel()).getByTestId('explorer-kinds-missing')).toHaveTextContent(
      'Not offered here: restart-producer (no application producer to restart); send-timeout (no application producer; the replicator\'s runs with sendTimeout 0); ownership-change (no cluster has bookies); slow-bookie (no cluster has bookies); restart-bookie (no cluster has bookies); lose-ack (no subscription sends its acknowledgements in flight: none has "acks": "in-flight"); context-expired (no Go producer that blocks on maxPendingMessages or memoryLimitBytes, and no Go Send(ctx) ("sync": true)).',
    );
  });

  it('kindApplies agrees with what the validator accepts in a plan', () => {
    const config = (id: string) => {
      const l = loadScenario(builtinById(id));
      if (!l.ok) throw new Error(id);
      return l.config;
    };
    const go = config('seed-003-a-go-explore');
    const bk = config('seed-001-explore');
    expect(EXPLORE_FAULT_KINDS.filter((k) => !kindApplies(k, go))).toEqual([
      'ownership-change',
      'slow-bookie',
      'restart-bookie',
      // One cluster, no subscription, no replication: no cursor for a message TTL to expire.
      'expire-messages',
      // No subscription sends its acknowledgements on their own (`acks: "in-flight"`).
      'lose-ack',
      // The Go producers set no maxPendingMessages nor memoryLimitBytes: no send ever waits.
      'context-expired',
    ]);
    expect(EXPLORE_FAULT_KINDS.filter((k) => !kindApplies(k, bk))).toEqual([
      'persist-fails',
      'lose-ack',
      'context-expired',
    ]);
    // One broker with bookies: nowhere to move the topic to.
    expect(
      kindApplies('ownership-change', {
        clusters: [{ brokers: ['b1'], bookies: ['k1'] }],
        producers: [{}],
        replication: null,
      }),
    ).toBe(false);
  });
});
