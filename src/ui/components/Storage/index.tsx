// What sits under a topic on BookKeeper (issue 4), per cluster with bookies: bookies, the metadata
// store, each broker's managed ledger, subscriptions. The view-models come from
// engine/render/storage (pure), computed once per (run, cursor). Nothing for abstract storage.
import { useMemo } from 'react';
import { storageOf, type RunResult } from '../../../engine';
import { memoByValue } from '../Panels/same';
import { BookiesPanel } from './Bookies';
import { BrokersPanel } from './Brokers';
import { MetadataStorePanel } from './MetadataStore';
import { ackArrival } from './AckArrival';
import { consumerStep } from './ConsumerChoices';
import { redeliveryTimer } from './RedeliveryTimers';
import { rangesCut } from './rangesCap';
import { receivedNames } from './receivedNames';
import { SubscriptionsPanel } from './Subscriptions';

// Each re-renders only when its view-model changed in value (Panels/same.ts).
const MetadataStore = memoByValue(MetadataStorePanel);
const Brokers = memoByValue(BrokersPanel);
const Bookies = memoByValue(BookiesPanel);
const Subscriptions = memoByValue(SubscriptionsPanel);

/**
 * A key the Subscriptions panel offers (a redelivery timer, an acknowledgement, a request, a
 * CommandAck's arrival), else null.
 */
const consumer = (k: string | null | undefined): string | null =>
  redeliveryTimer(k) ?? consumerStep(k) ?? ackArrival(k);

/** The run and cursor come from Panels (see useShownStep). */
export function StoragePanels({
  result,
  cursor,
}: {
  readonly result: RunResult;
  readonly cursor: number;
}) {
  const now = result.steps[cursor];
  const storage = useMemo(
    () => (now ? storageOf(now.world, result.steps[cursor - 1]?.world) : []),
    [now, result, cursor],
  );
  // Only the consumer's keys (a redelivery timer, an acknowledgement, a redelivery request, a
  // CommandAck reaching the broker) matter to the Subscriptions panel: it re-renders when its props
  // change.
  const timers = useMemo(
    () => (result.steps[cursor]?.enabled ?? []).filter((k) => consumer(k) !== null),
    [result, cursor],
  );
  const taken = consumer(result.steps[cursor + 1]?.key);
  return (
    <>
      {storage.map((p) => (
        <div key={p.cluster} className="panels storage" data-testid={`storage-${p.cluster}`}>
          <MetadataStore metadata={p.metadata} changed={p.changed.metadata} />
          <Brokers brokers={p.brokers} changed={p.changed.brokers} />
          <Bookies bookies={p.bookies} quorum={p.quorum} />
          <Subscriptions
            subscriptions={p.subscriptions}
            changed={p.changed.subscriptions}
            cluster={p.cluster}
            timers={timers}
            taken={taken}
            names={now ? receivedNames(now.world, p.cluster) : {}}
            cut={now ? rangesCut(now.world, p.cluster) : {}}
          />
        </div>
      ))}
    </>
  );
}
