// The diagram in jsdom (Mermaid with stubbed text metrics): clicking an arrow's label opens the
// fault menu for its messages; picking checksum-error (corrupted) on the replicator's E3 send
// places the fault just before that arrow and no-silent-loss appears. Long-trace windows are
// covered by diagram-window.test.ts (pure) and the Chromium e2e (Mermaid in jsdom is too slow).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App';
import { Diagram } from '../../src/ui/components/Diagram';
import { appStore, selectScenario } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(startOnDirectRunner);

const svgOf = () => screen.getByTestId('diagram').querySelector('svg');

describe('diagram', () => {
  it("geo-v2-clean: click the replicator's E3 arrow → checksum-error (corrupted) → no-silent-loss", async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<App />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const e3 = [...svgOf()!.querySelectorAll('text.messageText')].filter((t) =>
      /E3 seq 0$/.test(t.textContent ?? ''),
    );
    expect(e3.length).toBe(2);
    await user.click(e3[1]!);
    const menu = screen.getByRole('menu', { name: /Faults for step \d+: E3 seq 0/ });
    const step = Number(/step (\d+)/.exec(menu.getAttribute('aria-label')!)![1]);
    await user.click(
      within(menu).getByRole('menuitem', { name: /checksum-error, local buffer corrupted/ }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('panel-invariants')).toHaveTextContent('no-silent-loss'),
    );
    expect(screen.getByTestId('panel-faults')).toHaveTextContent(
      'checksum-error on E3 at us-west (local buffer corrupted)',
    );
    expect(appStore.getState().cursor).toBe(step - 1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('an arrow without messages says no fault applies', async () => {
    await selectScenario('geo-v2-clean');
    const user = userEvent.setup();
    render(<Diagram />);
    await waitFor(() => expect(svgOf()).not.toBeNull(), { timeout: 10_000 });
    const connect = [...svgOf()!.querySelectorAll('text.messageText')].find((t) =>
      /CommandProducer/.test(t.textContent ?? ''),
    )!;
    await user.click(connect);
    expect(screen.getByRole('menu')).toHaveTextContent('No per-message fault applies');
  });
});
