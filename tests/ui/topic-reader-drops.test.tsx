// The Topic card of a topic that holds every chunk of a message the reader drops: the built-ins
// chunked-consumer-drops-repeat (a repeat before PR 20948) and chunked-consumer-pending-limit (the
// limit's acknowledged eviction) read "M1 incomplete (chunks 1, 2 of 2)" beside "stored", which is
// false: nothing is missing. It now says the reader dropped it, and the Invariants panel says why.
// Since UX review 19 it says why too, in the consumer's words, from the step the reader drops it:
// a message the limit evicts before its last chunk is stored read "incomplete" until then.
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { appStore, selectScenario, setCursor, setFixes } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';

beforeEach(async () => {
  localStorage.clear();
  await startOnDirectRunner();
});

const toEnd = () => act(() => setCursor(appStore.getState().result!.steps.length - 1));

describe('a topic holding all of a message the reader drops', () => {
  it('chunked-consumer-drops-repeat: "M1: the consumer dropped it at 10:1, at the repeated chunk", as the Invariants panel says', async () => {
    await selectScenario('chunked-consumer-drops-repeat');
    toEnd();
    render(<Panels />);
    expect(screen.getByTestId('topic-local')).toHaveTextContent(
      'stored: nothing yet · M1: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
    );
    expect(screen.getByTestId('topic-local')).not.toHaveTextContent('incomplete');
    expect(screen.getByTestId('panel-invariants')).toHaveTextContent(
      'the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
    );
  });
  it('mid-run: "incomplete" while one chunk is stored, dropped from the repeat on (its last chunk not yet stored); with pr-20948 M1 is stored', async () => {
    await selectScenario('chunked-consumer-drops-repeat');
    act(() => setCursor(4));
    const { unmount } = render(<Panels />);
    expect(screen.getByTestId('topic-local')).toHaveTextContent(
      'stored: nothing yet · M1 incomplete (chunk 1 of 2)',
    );
    unmount();
    act(() => setCursor(8));
    render(<Panels />);
    expect(screen.getByTestId('topic-local')).toHaveTextContent(
      'stored: nothing yet · M1: the consumer dropped it at 10:1, at the repeated chunk M1[1/2] (before PR 20948)',
    );
    await act(() => setFixes(['pr-20948']));
    toEnd();
    expect(screen.getByTestId('topic-local')).toHaveTextContent('stored: M1');
    expect(screen.getByTestId('topic-local')).not.toHaveTextContent('dropped');
  });
  it('chunked-consumer-pending-limit: M2 stored, M1 evicted — said from the step M2’s first chunk is stored, before M1’s last', async () => {
    await selectScenario('chunked-consumer-pending-limit');
    act(() => setCursor(8));
    const { unmount } = render(<Panels />);
    expect(screen.getByTestId('topic-local')).toHaveTextContent(
      "stored: nothing yet · M1: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks · M2 incomplete (chunk 1 of 2)",
    );
    unmount();
    toEnd();
    render(<Panels />);
    expect(screen.getByTestId('topic-local')).toHaveTextContent(
      "stored: M2 · M1: the consumer's maxPendingChunkedMessage (1) evicted it at 10:1 and acknowledged its chunks",
    );
  });
});
