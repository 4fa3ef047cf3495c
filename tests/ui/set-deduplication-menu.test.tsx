// Switching deduplication from the topology graph (the `set-deduplication` fault): the serving
// broker's menu offers the switch that flips what the topic has now; placed after M1 is stored, the
// re-run writes M1's resend again and the Dedup panel says deduplication is off.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const graph = () => screen.getByTestId('panel-topology');

describe('switch deduplication from the broker menu', () => {
  it('lost-receipt-dedup-on, off after M1 is persisted: M1 is stored twice and the panel says off', async () => {
    await selectScenario('lost-receipt-dedup-on');
    const user = userEvent.setup();
    render(<App />);
    const persisted = appStore
      .getState()
      .result!.steps.findIndex((s) => s.key === 'persist:local:M1');
    act(() => setCursor(persisted));
    await user.click(await within(graph()).findByRole('button', { name: 'Faults on broker-1' }));
    const menu = await screen.findByRole('menu', { name: /^Faults on broker-1 after/ });
    await user.click(
      within(menu).getByRole('menuitem', { name: 'switch deduplication off at local' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('panel-faults')).getByText(
          `deduplication switched off at local (topic policy) after step ${persisted}`,
        ),
      ).toBeInTheDocument(),
    );
    const r = appStore.getState().result!;
    // The plan's lose-receipt (due at once) comes first; the switch before p1 reconnects.
    const keys = r.steps.map((s) => s.key);
    expect(keys.slice(persisted + 1, persisted + 4)).toEqual([
      'fault:lose-receipt:M1@local',
      'fault:set-deduplication:local:off',
      'connect:p1',
    ]);
    expect(r.stored).toEqual({ local: ['M1', 'M1', 'M2'] });
    act(() => setCursor(r.steps.length - 1));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('dedup-local')).getByText(/deduplication off/),
      ).toBeInTheDocument(),
    );
  });

  it('dedup-enabled-at-runtime: the Dedup panel says where the new dedup cursor starts', async () => {
    await selectScenario('dedup-enabled-at-runtime');
    render(<App />);
    const r = appStore.getState().result!;
    act(() => setCursor(r.steps.findIndex((s) => s.key === 'fault:set-deduplication:local:on')));
    expect((await screen.findByTestId('dedup-cursor-local')).textContent).toContain(
      'the dedup cursor starts after 10:0',
    );
    // Review 10: the switch is Recovering until its replay step; the panel says so, then 'on'.
    expect(screen.getByTestId('dedup-local').textContent).toContain(
      'deduplication switching on (Recovering)',
    );
    expect(screen.getByTestId('dedup-recovering-local')).toBeInTheDocument();
    act(() => setCursor(r.steps.findIndex((s) => s.key === 'replay:local:dedup-cursor')));
    await waitFor(() =>
      expect(screen.getByTestId('dedup-local').textContent).toContain(
        'broker-1 · deduplication on',
      ),
    );
    expect(screen.queryByTestId('dedup-recovering-local')).toBeNull();
  });
});
