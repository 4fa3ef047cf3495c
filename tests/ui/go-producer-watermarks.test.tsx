// A Go producer's card names its watermarks as pulsar-client-go's partitionProducer does —
// sequenceIDGenerator and lastSequenceID — not with Java's ProducerImpl names; the pushed watermark
// appears only where PR 1565's isolation keeps one (Go before it has no such field, so a "-1"
// there read like a stuck counter).
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Panels } from '../../src/ui/components/Panels';
import { selectScenario, stepLast, toggleFix } from '../../src/ui/store';
import { startOnDirectRunner } from './startApp';
import { producerCard } from './producerCard';

beforeEach(startOnDirectRunner);

describe("a Go producer's watermarks in its own names", () => {
  it('go-delayed-overtakes-batch at its end: sequenceIDGenerator 2, lastSequenceID 0 (the last receipt, the batch’s -1:-1 for seq 0, stored it: ReceivedSendReceipt overwrites); no Java names, no pushed field', async () => {
    await selectScenario('go-delayed-overtakes-batch');
    act(() => stepLast());
    render(<Panels />);
    const card = producerCard('p1');
    expect(card).toHaveTextContent(/sequenceIDGenerator\s*2\s*lastSequenceID\s*0/);
    expect(card).not.toHaveTextContent(
      /msgIdGenerator|lastSequenceIdPushed|lastSequenceIdPublished|lastSequenceIDPushed/,
    );
  });

  it('with go-1565 (seed-003-a-go) the isolation keeps lastSequenceIDPushed, shown between the two', async () => {
    await selectScenario('seed-003-a-go');
    await toggleFix('go-1565');
    act(() => stepLast());
    render(<Panels />);
    expect(producerCard('p1')).toHaveTextContent(
      /sequenceIDGenerator\s*-?\d+\s*lastSequenceIDPushed\s*2\s*lastSequenceID\s*2/,
    );
  });

  it('a Java producer keeps ProducerImpl’s names (seed-003-a-java)', async () => {
    await selectScenario('seed-003-a-java');
    act(() => stepLast());
    render(<Panels />);
    expect(producerCard('p1')).toHaveTextContent(
      /msgIdGenerator\s*-?\d+\s*lastSequenceIdPushed\s*-?\d+\s*lastSequenceIdPublished\s*-?\d+/,
    );
  });
});
