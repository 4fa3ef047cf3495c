// A consumer's CommandAck is drawn as an arrow to its broker (subscriptions[].acks "in-flight").
// Its ⚡ menu offered the send faults (checksum-error, not-allowed…) of the acknowledged message,
// which cannot catch an acknowledgement; what can is lose-ack: the consumer's connection drops
// with the ack on it and the broker sends the entry again (ConsumerAcks.ts). The menu offers that
// one, names the arrow's subscription in the plan, and the branch shows the redelivery.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore, selectScenario } from '../../src/ui/store';
import { arrowLabelled, arrowTargets, openArrowMenu } from './arrowMenu';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();

describe("a CommandAck's arrow offers the ack's loss, not the send's faults", () => {
  it('consumer-ack-not-persisted, "23 · CommandAck 11:0": lose-ack alone; picked, M2 is received twice', async () => {
    await selectScenario('consumer-ack-not-persisted');
    const t = arrowLabelled('23 · CommandAck 11:0');
    expect(t.kinds).toEqual(['lose-ack']);
    expect(t.subscription).toBe('sub');
    openArrowMenu(t);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((b) => b.textContent)).toEqual([
      "lose-ack (the consumer's connection drops with its CommandAck; the broker sends it again)",
    ]);
    expect(items[0]).toBeEnabled();
    await userEvent.setup().click(items[0]!);
    await waitFor(() =>
      expect(state().branches[state().branch]!.faults.at(-1)).toEqual({
        kind: 'lose-ack',
        message: 'M2',
        cluster: t.cluster,
        subscription: 'sub',
      }),
    );
    const texts = state().result!.steps.flatMap((s) => s.events.map((e) => e.text));
    expect(
      texts.some((x) => /received 11:0 \(M2\) from broker-1 again — redelivered/.test(x)),
    ).toBe(true);
  });

  it('a send arrow of the same run still offers the send faults, and no lose-ack', async () => {
    await selectScenario('consumer-ack-not-persisted');
    const sends = arrowTargets().filter(
      (a) => a.event.kind === 'receive' && !a.event.text.startsWith('CommandAck'),
    );
    expect(sends.length).toBeGreaterThan(0);
    for (const s of sends) {
      expect(s.kinds).not.toContain('lose-ack');
      expect(s.subscription).toBeUndefined();
    }
  });
});
