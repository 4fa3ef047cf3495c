// The consumer's two redelivery timers a user can make fire next, in the redelivery row where what
// they time shows ("negatively acknowledged, waiting: 10:0", "ack timeout running for 10:0"): the
// NegativeAcksTracker's (`negative-ack:<subscription>`, NegativeAcksTracker.triggerRedelivery) and
// the UnAckedMessageTracker's (`ack-timeout:<subscription>`, UnAckedMessageTracker.run). The model
// has no clock, so each is an action offered while it would do something; before, only Next
// actions listed it, by its key, and a reader of the row saw what waited with no way to let the
// time pass. A button here is that same choice (pickAction), as the Dedup panel's housekeeping:
// the action this trace takes next steps forward, any other forks the timeline.
import { ActionChoice } from '../NextActions/ActionChoice';

/** The timer keys of `enabled` for `subscription`: the negative-ack timer first, then the ack timeout. */
export function redeliveryTimerKeys(enabled: readonly string[], subscription: string): string[] {
  return [`negative-ack:${subscription}`, `ack-timeout:${subscription}`].filter((k) =>
    enabled.includes(k),
  );
}

/** `key` when it is a consumer's redelivery timer (`negative-ack:`, `ack-timeout:`), else null. */
export const redeliveryTimer = (key: string | null | undefined): string | null =>
  key?.startsWith('negative-ack:') || key?.startsWith('ack-timeout:') ? key : null;

/** A key as its button says it. */
const label = (key: string): string =>
  key.startsWith('negative-ack:')
    ? 'Fire the negative-ack timer now (negativeAckRedeliveryDelay passed)'
    : 'Let the ack timeout pass now (ackTimeoutMillis passed)';

/** A "can happen next" line of the subscription's list, under its redelivery row (its <dt> is the panel's). */
export function RedeliveryTimers({
  subscription,
  keys,
  taken,
}: {
  readonly subscription: string;
  /** This subscription's timer actions enabled at the cursor. */
  readonly keys: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken: string | null;
}) {
  if (keys.length === 0) return null;
  return (
    <dd data-testid={`sub-${subscription}-timers`}>
      {keys.map((key) => (
        <ActionChoice key={key} actionKey={key} taken={key === taken}>
          {label(key)}
        </ActionChoice>
      ))}
    </dd>
  );
}
