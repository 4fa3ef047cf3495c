// The Producers panel's memoryLimitBytes row (session 19's client memory limit): both producers of
// client app show the client's usage and who holds it, and the send that waits for it — before
// only the quiet end's note said so. A send timeout picked on the holder's ⚡ gives the bytes back
// (ProducerImpl.releaseSemaphoreForSendOp) and the row shows the usage fall and M1 go out.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor, stepLast } from '../../src/ui/store';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const row = (producer: string) => within(producerCard(producer)).getByTestId('memory-limit');

describe('Producers panel: the client memory limit row', () => {
  it('memory-limit-shared-client at step 1: 0 of 1,000 bytes, nobody waits', async () => {
    await selectScenario('memory-limit-shared-client');
    act(() => setCursor(1));
    render(<Panels />);
    expect(row('pa')).toHaveTextContent(
      'memoryLimitBytes client app (pa, pb): 0 of 1,000 bytes in use',
    );
    expect(within(row('pa')).queryByTestId('memory-limit-waiting')).toBeNull();
  });

  it('at its end: N1 holds 1,100 of 1,000 bytes on both cards, and pa’s M1 waits in sendAsync', async () => {
    await selectScenario('memory-limit-shared-client');
    act(() => stepLast());
    render(<Panels />);
    for (const p of ['pa', 'pb'])
      expect(row(p)).toHaveTextContent(
        `client app (pa, pb): 1,100 of 1,000 bytes in use (N1 1,100) — over the limit: ${p}'s next send waits for bytes to come back · pa's send of M1 waits in sendAsync for memory`,
      );
  });

  it('a producer without memoryLimitBytes has no such row (lost-receipt-dedup-on)', async () => {
    await selectScenario('lost-receipt-dedup-on');
    act(() => stepLast());
    render(<Panels />);
    expect(screen.queryByTestId('memory-limit')).toBeNull();
  });

  it('picking send-timeout on N1’s ⚡ in pb’s card gives the bytes back: M1 no longer waits and is sent', async () => {
    await selectScenario('memory-limit-shared-client');
    act(() => stepLast());
    render(<Panels />);
    const user = userEvent.setup();
    await user.click(
      within(producerCard('pb')).getByRole('button', { name: /Inject a fault on N1/ }),
    );
    await user.click(screen.getByRole('menuitem', { name: /^send-timeout/ }));
    await waitFor(() =>
      expect(appStore.getState().branches[appStore.getState().branch]!.faults.at(-1)).toEqual({
        kind: 'send-timeout',
        message: 'N1',
      }),
    );
    const keys = appStore.getState().result!.steps.map((s) => s.key);
    expect(keys).toContain('send:pa:M1');
    act(() => setCursor(keys.indexOf('send:pa:M1') - 1));
    expect(row('pa')).toHaveTextContent('client app (pa, pb): 0 of 1,000 bytes in use');
    expect(within(row('pa')).queryByTestId('memory-limit-waiting')).toBeNull();
  });
});
