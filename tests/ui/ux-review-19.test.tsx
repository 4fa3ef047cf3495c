// UX review 19 (docs/research/ux-review-19.md), as rendered text:
// - Copy for GitHub's state summary says a producer's pending-queue permits, as the Producers panel
//   does (review 18's leftover), and the send they hold back;
// - the Producers panel says which send waits in sendAsync for a permit while it waits, not only
//   the end notes once the run is over (pending-queue-full-blocks steps 8–10);
// - the editor's form has a Consumer part for the top-level `consumer` block, in the line syntax of
//   its other parts: one line both ways, no line leaves the block out, a typo names the option, a
//   bad value the validator's field.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { consumerToLines, linesToConsumer } from '../../src/ui/components/Editor/lines';
import { Panels } from '../../src/ui/components/Panels';
import { stateSummary } from '../../src/ui/share/summary';
import { appStore, selectScenario, setCursor } from '../../src/ui/store';
import { runBuiltin } from '../render/runBuiltin';
import { replaceText } from './editorText';
import { openEditor } from './openEditor';
import { producerCard } from './producerCard';
import { startOnDirectRunner } from './startApp';

const producerLine = (s: string, name: string) =>
  s.split('\n').find((l) => l.startsWith(`producer ${name} `)) ?? '';
const stepAfter = (key: string): number =>
  appStore.getState().result!.steps.findIndex((s) => s.key === key);

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

describe('Copy for GitHub’s state summary: the pending queue', () => {
  it('pending-queue-full-blocks at the end: pb’s permit held by N1, and N2 waiting; pa says none', () => {
    const r = runBuiltin('pending-queue-full-blocks');
    const s = stateSummary(r, r.steps.length - 1);
    expect(producerLine(s, 'pb')).toBe(
      'producer pb (java, local): Busy, msgIdGenerator 1, lastSequenceIdPushed 0, lastSequenceIdPublished -1, batch (none), maxPendingMessages permits 1 of 1 held (N1) — blocks when full, N2 waits in sendAsync for a permit, pendingMessages N1 seq 0',
    );
    expect(producerLine(s, 'pa')).not.toMatch(/maxPendingMessages|permit/);
  });

  it('go-pending-queue-permit-leak: the permits Go never gave back; go-chunks-exceed-pending-queue: BIG needs more than the queue', () => {
    const leak = runBuiltin('go-pending-queue-permit-leak');
    expect(producerLine(stateSummary(leak, leak.steps.length - 1), 'p1')).toContain(
      ', maxPendingMessages permits 2 of 3 held — refuses when full (ErrSendQueueIsFull), 2 of 3 never given back (sendRequest.done releases one), pendingQueue (none)',
    );
    const big = runBuiltin('go-chunks-exceed-pending-queue');
    expect(producerLine(stateSummary(big, big.steps.length - 1), 'p1')).toContain(
      ', maxPendingMessages permits 0 of 2 held — blocks when full, BIG waits in SendAsync for 3 permits (one per chunk), more than the queue’s 2, pendingQueue (none)'.replace(
        '’',
        "'",
      ),
    );
  });
});

describe('the Producers panel names the send that waits for a permit', () => {
  it('pending-queue-full-blocks: from M1’s send on, N2 waits in sendAsync (before it, N2 is not due)', async () => {
    await selectScenario('pending-queue-full-blocks');
    act(() => setCursor(stepAfter('send:pa:M1') - 1));
    const { unmount } = render(<Panels />);
    expect(within(producerCard('pb')).queryByTestId('pending-queue-waiting')).toBeNull();
    unmount();
    act(() => setCursor(stepAfter('send:pa:M1')));
    render(<Panels />);
    expect(within(producerCard('pb')).getByTestId('pending-queue')).toHaveTextContent(
      'maxPendingMessages permits 1 of 1 held (N1) — blocks when full · N2 waits in sendAsync for a permit',
    );
    expect(within(producerCard('pa')).queryByTestId('pending-queue-waiting')).toBeNull();
  });

  it('pending-queue-full-refuses: a refusing queue never makes a send wait', async () => {
    await selectScenario('pending-queue-full-refuses');
    const steps = appStore.getState().result!.steps.length;
    for (let i = 0; i < steps; i++) {
      act(() => setCursor(i));
      const { unmount } = render(<Panels />);
      expect(within(producerCard('p1')).queryByTestId('pending-queue-waiting')).toBeNull();
      unmount();
    }
  });
});

describe('consumer lines', () => {
  it('both ways; none leaves the block out; a typo names the option; a second line is refused', () => {
    const c = {
      maxPendingChunkedMessage: 1,
      autoAckOldestChunkedMessageOnQueueFull: true,
      expireTimeOfIncompleteChunkedMessageMillis: 60000,
    };
    const line =
      'maxPendingChunkedMessage=1 autoAckOldestChunkedMessageOnQueueFull=true expireTimeOfIncompleteChunkedMessageMillis=60000';
    expect(consumerToLines(c)).toBe(line);
    expect(linesToConsumer(line)).toEqual({ ok: true, value: c });
    expect(consumerToLines(undefined)).toBe('');
    expect(consumerToLines([1])).toBe('');
    expect(linesToConsumer(' \n ')).toEqual({ ok: true, value: undefined });
    expect(linesToConsumer('maxPendingChunkedMesage=1')).toEqual({
      ok: false,
      error:
        'line 1: "maxPendingChunkedMesage=1" — expected maxPendingChunkedMessage=…, autoAckOldestChunkedMessageOnQueueFull=…, expireTimeOfIncompleteChunkedMessageMillis=…',
    });
    expect(
      linesToConsumer('maxPendingChunkedMessage=1\nautoAckOldestChunkedMessageOnQueueFull=true'),
    ).toEqual({
      ok: false,
      error:
        'line 2: the consumer is one line (its options side by side: maxPendingChunkedMessage=… autoAckOldestChunkedMessageOnQueueFull=… expireTimeOfIncompleteChunkedMessageMillis=…)',
    });
    // A value the validator refuses is kept as written, for it to name.
    expect(linesToConsumer('autoAckOldestChunkedMessageOnQueueFull=yes')).toEqual({
      ok: true,
      value: { autoAckOldestChunkedMessageOnQueueFull: 'yes' },
    });
  });
});

describe('the editor form: Consumer', () => {
  it('chunked-consumer-pending-limit: the block shown; edited, typed wrong, emptied', async () => {
    const { user, box } = await openEditor('chunked-consumer-pending-limit');
    const field = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Consumer' });
    const consumer = () => (JSON.parse(box.value) as { consumer?: unknown }).consumer;
    expect(field().value).toBe(
      'maxPendingChunkedMessage=1 autoAckOldestChunkedMessageOnQueueFull=true',
    );
    await replaceText(user, field(), 'maxPendingChunkedMessage=2');
    await waitFor(() => expect(consumer()).toEqual({ maxPendingChunkedMessage: 2 }));
    // A typo, pasted over the whole line: the form names it and keeps the text; the JSON keeps
    // the last that parsed.
    field().focus();
    field().setSelectionRange(0, field().value.length);
    await user.paste('maxPendingChunked=3');
    expect(
      await screen.findByText(
        /^line 1: "maxPendingChunked=3" — expected maxPendingChunkedMessage=…/,
      ),
    ).toBeInTheDocument();
    expect(field().value).toBe('maxPendingChunked=3');
    expect(consumer()).toEqual({ maxPendingChunkedMessage: 2 });
    // A bad value reaches the JSON, and the validator names the field.
    await replaceText(user, field(), 'maxPendingChunkedMessage=-1');
    expect(
      await screen.findByText(/\$\.consumer\.maxPendingChunkedMessage: expected an integer from 0/),
    ).toBeInTheDocument();
    await user.clear(field());
    await waitFor(() => expect('consumer' in JSON.parse(box.value)).toBe(false));
  }, 60_000);
});
