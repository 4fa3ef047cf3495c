// A producer's fields by its own client's names where the panels name one that is not a watermark
// (those come named from the engine: panelViews.ts `watermarks`). The sends waiting for a receipt
// are Java's `ProducerImpl.pendingMessages` and Go's `partitionProducer.pendingQueue`: a Go card
// said pendingMessages right under sequenceIDGenerator and lastSequenceID, Go's own names, and a Go
// reader searched producer_partition.go for a field it does not have (UX review 20).
import type { ProducerPanel } from '../engine';

/** The name of the producer's queue of sends awaiting their receipt. */
export const pendingOpsName = (client: ProducerPanel['client']): string =>
  client === 'go' ? 'pendingQueue' : 'pendingMessages';
