// UX review 23 (docs/research/ux-review-23.md), the fixes a component shows.
// Finding 2: the Subscriptions panel's received row names a chunk by its place in its message, as
// the Topic panel and the diagram do — "10:0 M1[1/2]", "10:1 M1[2/2]" — where it read "10:0 M1",
// "10:1 M1": a chunked M1 received whole looked like M1 received twice, under a received-once
// that holds (ConsumerImpl.processMessageChunk hands M1 to the application once, at its last chunk).
// Finding 3: the Messages panel's row of a message sent twice says which copy the failed send left
// — "1st send failed: context deadline exceeded, but stored at 10:0" — as the run's outcomes (the
// CLI) say it; it read "failed: context deadline exceeded" beside "local 10:0, local 10:1".
// Finding 4: the cursor ledger row says what the range cap left in memory only, and why.
// Finding 5: a ⚡'s context-expired item names the wait it stands on, not both.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import {
  appStore,
  removeFault,
  runCustomScenario,
  selectScenario,
  setCursor,
} from '../../src/ui/store';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const state = () => appStore.getState();
const chips = (sub: string) =>
  within(screen.getByTestId(`sub-${sub}-received`))
    .queryAllByText((_, e) => e?.classList.contains('chip') ?? false)
    .map((c) => c.textContent);

/** p1 sends M1 of 6,000,000 bytes in two chunks (10:0, 10:1); `sub` acks in flight, checks received-once. */
const CHUNKED = JSON.parse(readFileSync(resolve(__dirname, 'fixtures/chunked-m1.json'), 'utf8'));

describe('UX review 23: what a consumer received, chunks by their place', () => {
  it('a chunked M1 received whole reads 10:0 M1[1/2], 10:1 M1[2/2] — not M1 twice — as the Topic panel lists it', async () => {
    await act(() => runCustomScenario(CHUNKED));
    const result = state().result!;
    expect(result.violations).toEqual([]);
    act(() => setCursor(result.steps.length - 1));
    render(<Panels />);
    expect(chips('sub')).toEqual(['10:0 M1[1/2]', '10:1 M1[2/2]']);
  });
  it('a message of one entry keeps its name, and a redelivered one says why it came again', async () => {
    await act(() => selectScenario('consumer-ack-lost'));
    const result = state().result!;
    act(() => setCursor(result.steps.length - 1));
    render(<Panels />);
    expect(chips('sub')).toEqual(['10:0 M1', '10:0 M1 again', '10:1 M2']);
    expect(screen.getByTestId('sub-sub-why-again')).toHaveTextContent(/^10:0 M1 again: /);
  });
});

describe('UX review 23: a failed send stored all the same, in a row of several sends', () => {
  it("go-send-context-retry-stored-twice: M1's 1st send failed, but stored at 10:0; the retry stored at 10:1", async () => {
    await act(() => selectScenario('go-send-context-retry-stored-twice'));
    const result = state().result!;
    act(() => setCursor(result.steps.length - 1));
    render(<Panels />);
    const m1 = screen.getByTestId('outcome-M1');
    const sends = within(m1)
      .getAllByText(/send/)
      .map((e) => e.parentElement?.textContent);
    expect(sends).toEqual([
      '1st send failed: context deadline exceeded, but stored at 10:0',
      '2nd send (again) stored at 10:1',
    ]);
    expect(m1).toHaveTextContent(/local 10:0, local 10:1$/);
    // A send told the truth keeps its words.
    expect(screen.getByTestId('outcome-M2')).toHaveTextContent(/^M2 p1stored at 10:2local 10:2$/);
  });
});

describe('UX review 23: what the range cap left out of the cursor ledger', () => {
  const persisted = () => screen.getByTestId('sub-sub-persisted').textContent;
  it('consumer-ack-ranges-cap: after the write at step 43, 10:5 is deleted in memory only — the cap keeps 2 ranges; not before that write, nor after the crash', async () => {
    await act(() => selectScenario('consumer-ack-ranges-cap'));
    const cutAt = state().result!.steps.findIndex((s) =>
      s.events.some((e) =>
        e.text.includes('not persisted — managedLedgerMaxUnackedRangesToPersist'),
      ),
    );
    expect(cutAt).toBe(43);
    act(() => setCursor(cutAt));
    const view = render(<Panels />);
    expect(persisted()).toBe(
      'mark-delete 10:-1, individually deleted 10:1, 10:3; 10:5 deleted in memory only: the write keeps the first 2 ranges (maxUnackedRangesToPersist 1)',
    );
    view.unmount();
    // Before the write (the ack of 10:5 has landed, the last write kept everything) and after the
    // crash (memory holds what the cursor ledger held): nothing to say.
    for (const step of [cutAt - 1, cutAt + 4]) {
      act(() => setCursor(step));
      const v = render(<Panels />);
      expect(persisted()).not.toMatch(/in memory only/);
      v.unmount();
    }
  });
});

describe("UX review 23: a ⚡'s context-expired item names the wait it stands on", () => {
  /** The context-expired item of the ⚡ on `message` in p1's card. */
  async function expiredItem(message: string): Promise<string | undefined> {
    render(<Panels />);
    await userEvent.setup().click(
      within(producerCard('p1')).getAllByRole('button', {
        name: `Inject a fault on ${message} at local`,
      })[0]!,
    );
    return screen
      .getAllByRole('menuitem')
      .map((b) => b.textContent ?? '')
      .find((t) => t.startsWith('context-expired'));
  }
  it("a Send(ctx) waiting for M1's result: the Send(ctx) words only", async () => {
    await act(() => selectScenario('go-send-context-retry-stored-twice'));
    await act(() => removeFault(0));
    act(() => setCursor(state().result!.steps.findIndex((s) => s.key === 'send:p1:M1')));
    expect(await expiredItem('M1')).toBe(
      'context-expired (Send(ctx) stops waiting for the result and returns context deadline exceeded; the message, already handed over, is still on its way)',
    );
  });
  it("go-chunks-exceed-pending-queue's BIG blocked in SendAsync: the SendAsync words only", async () => {
    await act(() => selectScenario('go-chunks-exceed-pending-queue'));
    act(() => setCursor(state().result!.steps.length - 1));
    expect(await expiredItem('BIG')).toBe(
      "context-expired (ErrContextExpired: the SendAsync's context ends while it waits for a permit or for memory; nothing was sent)",
    );
  });
});
