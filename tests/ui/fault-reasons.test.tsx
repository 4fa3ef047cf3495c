// A disabled topology fault says why (UX review 10, "Left"): the node menu's item and the fault
// plan panel's button carry the engine's faultReason as their title (the pointer's tooltip) and as
// their accessible description; an item that can be placed has neither.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { faultReason } from '../../src/engine/index';
import { planAction } from '../../src/engine/sim/faultTriggers';
import { BUILTINS } from '../../src/scenarios/index';
import { App } from '../../src/ui/App';
import { topologyFaults } from '../../src/ui/components/FaultPlan/topologyFaults';
import { producerSentence, selectScenario, setCursor } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { runBuiltin } from '../render/runBuiltin';

beforeEach(startOnDirectRunner);

const graph = () => screen.getByTestId('panel-topology');
const plan = () => screen.getByTestId('panel-faults');

async function menuItem(user: ReturnType<typeof userEvent.setup>, node: string, item: string) {
  await user.click(await within(graph()).findByRole('button', { name: `Faults on ${node}` }));
  const menu = await screen.findByRole('menu', { name: new RegExp(`^Faults on ${node} after`) });
  return within(menu).getByRole('menuitem', { name: item });
}

/** Disabled, with `reason` on the pointer and as its accessible description. */
function saysWhy(el: HTMLElement, reason: string) {
  expect(el).toBeDisabled();
  expect(el).toHaveAttribute('title', reason);
  expect(el).toHaveAccessibleDescription(reason);
}

async function open(id: string, step: number) {
  await selectScenario(id);
  render(<App />);
  act(() => setCursor(step));
  return userEvent.setup();
}

describe('a disabled topology fault says why', () => {
  it('geo-v2-clean at step 0: the message TTL has nothing to expire, p1 has no connection; unload is placeable and says nothing', async () => {
    const user = await open('geo-v2-clean', 0);
    const ttl = 'nothing to expire at us-east: no backlog on the replicator to us-west';
    saysWhy(await menuItem(user, 'broker-1', 'message TTL passes at us-east'), ttl);
    const unload = within(screen.getByRole('menu')).getByRole('menuitem', {
      name: 'unload topic at us-east',
    });
    expect(unload).toBeEnabled();
    expect(unload).not.toHaveAttribute('title');
    expect(unload).not.toHaveAttribute('aria-describedby');
    saysWhy(within(plan()).getByRole('button', { name: 'message TTL passes at us-east' }), ttl);
    saysWhy(within(plan()).getByRole('button', { name: 'disconnect p1' }), 'p1 has no connection');
  });

  it('seed-001-fencing-race at step 9: an unload, a crash and a move during the takeover; a bookie crash during its fencing read', async () => {
    const user = await open('seed-001-fencing-race', 9);
    const takeover = 'broker-2 is taking the topic over at local';
    saysWhy(await menuItem(user, 'broker-1', 'unload topic at local'), takeover);
    saysWhy(within(plan()).getByRole('button', { name: 'unload topic at local' }), takeover);
    saysWhy(
      within(plan()).getByRole('button', { name: 'broker-1 crashes and restarts' }),
      takeover,
    );
    saysWhy(within(plan()).getByRole('button', { name: 'move ownership to broker-1' }), takeover);
    saysWhy(
      within(plan()).getByRole('button', { name: 'bookie-1 crashes and restarts' }),
      'a fencing read to bookie-1 (or its answer) is in flight at local: a bookie crash during ledger recovery is not modelled',
    );
  });

  it('dedup-enabled-at-runtime at step 5: a switch while deduplication is Recovering', async () => {
    const user = await open('dedup-enabled-at-runtime', 5);
    const why =
      'deduplication at local is still Recovering from being switched on (the next switch waits for it)';
    saysWhy(await menuItem(user, 'broker-1', 'switch deduplication on at local'), why);
    saysWhy(within(plan()).getByRole('button', { name: 'switch deduplication on at local' }), why);
  });

  it('lost-receipt-dedup-on at step 5 and broker-crash-dedup at step 7: a closed connection, a crashed broker', async () => {
    const user = await open('lost-receipt-dedup-on', 5);
    saysWhy(await menuItem(user, 'p1', 'disconnect p1'), "p1's connection is closed already");
    await user.keyboard('{Escape}');
    await act(() => selectScenario('broker-crash-dedup'));
    act(() => setCursor(7));
    saysWhy(
      within(plan()).getByRole('button', { name: 'unload topic at local' }),
      'broker-2 is loading the topic at local after broker-1 crashed',
    );
  });

  it('every item of every built-in at every step: disabled exactly when the engine gives a reason, and that reason (a replicator key in words)', () => {
    let disabled = 0;
    let worded = 0;
    for (const b of BUILTINS)
      for (const s of runBuiltin(b.id).steps)
        for (const f of topologyFaults(s.world, s.index)) {
          const action = planAction(f.fault as Parameters<typeof planAction>[0]);
          const reason = action === null ? null : faultReason(s.world, action);
          // The engine's reason opens with the producer's key; the UI says a two-way replicator's
          // key in words (UX review 16: "The us-east → us-west replicator has no connection").
          const producer = typeof f.fault.producer === 'string' ? f.fault.producer : null;
          const shown = reason !== null && producer ? producerSentence(reason, producer) : reason;
          if (shown !== reason) worded++;
          expect(f.reason).toBe(shown);
          expect(f.disabled).toBe(reason !== null);
          if (f.disabled) disabled++;
        }
    expect(disabled).toBeGreaterThan(100);
    expect(worded).toBeGreaterThan(0);
  });
});
