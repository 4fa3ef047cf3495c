// A trim from the app's fault menus (the `trim-topic` fault, docs/research/trimming.md): the serving
// broker's ⋯ menu and the Fault plan's cluster buttons offer it, disabled with the engine's reason
// while the topic holds no ledger before its current one. Placed once every message is consumed,
// the plan words it, the re-run's trim deletes ledger 10 and the Topic panel shows it deleted.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, runCustomScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

// tests/scenarios/trimming.test.ts's "every cursor caught up": a ledger rolled every two entries.
const SCENARIO = {
  format: 'dedup-lab/scenario@1',
  id: 'trim-menu',
  clusters: [{ name: 'local', brokers: ['broker-1'], bookies: ['bookie-1', 'bookie-2'] }],
  topic: { deduplication: false, maxEntriesPerLedger: 2 },
  producers: [{ name: 'p1' }],
  subscriptions: [{ name: 'sub' }],
  workload: ['M1', 'M2', 'M3'].map((send) => ({ send, producer: 'p1' })),
};

const ITEM = 'trim the topic at local (delete consumed ledgers)';
const graph = () => screen.getByTestId('panel-topology');
const plan = () => screen.getByTestId('panel-faults');

async function brokerMenu(user: ReturnType<typeof userEvent.setup>, step: number) {
  await user.click(await within(graph()).findByRole('button', { name: 'Faults on broker-1' }));
  return screen.findByRole('menu', { name: `Faults on broker-1 after step ${step}` });
}

describe('trim-topic from the fault menus', () => {
  it('disabled at step 0 with the reason; placed at the last step it deletes ledger 10 (M1, M2) and the Topic panel says so', async () => {
    await runCustomScenario(SCENARIO);
    const user = userEvent.setup();
    render(<App />);
    act(() => setCursor(0));
    const reason = 'the topic at local has no ledger before its current one to trim';
    let item = within(await brokerMenu(user, 0)).getByRole('menuitem', { name: ITEM });
    expect(item).toBeDisabled();
    expect(item).toHaveAccessibleDescription(reason);
    const button = within(plan()).getByRole('button', { name: ITEM });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', reason);
    await user.keyboard('{Escape}');

    const before = appStore.getState().result!;
    expect(before.stored.local).toEqual(['M1', 'M2', 'M3']);
    const last = before.steps.length - 1;
    act(() => setCursor(last));
    item = within(await brokerMenu(user, last)).getByRole('menuitem', { name: ITEM });
    expect(item).toBeEnabled();
    await user.click(item);
    await waitFor(() =>
      expect(
        within(plan()).getByText(
          `trim-topic at local (the ledgers every durable cursor consumed are deleted; retention 0) after step ${last}`,
        ),
      ).toBeInTheDocument(),
    );
    const r = appStore.getState().result!;
    expect(r.steps[last + 1]!.key).toBe('fault:trim-topic:local');
    expect(r.stored.local).toEqual(['M3']);
    expect(r.violations).toEqual([]);

    act(() => setCursor(last + 1));
    await waitFor(() =>
      expect(screen.getByTestId('trimmed-ledger-local-10')).toHaveTextContent(
        'ledger 10 (deleted by a trim)2 entries (M1, M2), consumed by every durable cursor: no reader gets them any more',
      ),
    );
    expect(screen.getByTestId('topic-local').querySelector('.card-head')).toHaveTextContent(
      'stored: M3',
    );
  });
});
