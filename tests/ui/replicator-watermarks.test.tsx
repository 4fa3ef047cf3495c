// At the end of seed 000 the replicator's card read lastSequenceIdPushed 2 and
// lastSequenceIdPublished -1, which reads like a bug. GeoReplicationProducerImpl uses the two only
// for replication markers; with V2 dedup a send completes by its source position. The card says so
// (V2 only: with V1 its receipts are matched as any producer's and the watermark moves).
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { REPLICATOR_WATERMARKS_NOTE } from '../../src/ui/components/Panels/Producers';
import { selectScenario, stepLast, toggleFix } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { producerCard } from './producerCard';

beforeEach(startOnDirectRunner);

describe("the replicator's sequence watermarks", () => {
  it('seed 000 at its end: pushed 2, published -1, and the card says why -1 is expected', async () => {
    await selectScenario('seed-000-checksum-corrupted');
    act(() => stepLast());
    render(<Panels />);
    const repl = producerCard('replicator');
    expect(repl).toHaveTextContent(/lastSequenceIdPushed\s*2\s*lastSequenceIdPublished\s*-1/);
    expect(within(repl).getByTestId('replicator-watermarks-note')).toHaveTextContent(
      REPLICATOR_WATERMARKS_NOTE,
    );
    expect(REPLICATOR_WATERMARKS_NOTE).toMatch(/only for replication markers/);
    expect(within(producerCard('p1')).queryByTestId('replicator-watermarks-note')).toBeNull();
  });

  it('V1 (seed-002-issue-2): no note, the watermark moves; with pr-23697 on (V2) the note is back', async () => {
    await selectScenario('seed-002-issue-2');
    act(() => stepLast());
    const { unmount } = render(<Panels />);
    expect(producerCard('replicator')).toHaveTextContent(/lastSequenceIdPublished\s*10/);
    expect(screen.queryByTestId('replicator-watermarks-note')).toBeNull();
    unmount();
    await toggleFix('pr-23697');
    render(<Panels />);
    expect(producerCard('replicator')).toHaveTextContent(/lastSequenceIdPublished\s*-1/);
    expect(screen.getByTestId('replicator-watermarks-note')).toBeInTheDocument();
  });
});
