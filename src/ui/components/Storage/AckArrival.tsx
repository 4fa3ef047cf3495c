// The CommandAck in flight reaching its broker (`ack:<subscription>:<ledger>:<entry>`,
// ServerCnx.handleAck → ManagedCursorImpl.asyncDelete), offered beside the acknowledgement it acts on
// in the "acks in flight" row, next to that row's ⚡ (lose-ack). Before (UX review 21, finding 6)
// only Next actions offered it, by its key; the row showed "10:0 M1" and a way to lose it, not a way
// to let it land. The button is the same choice as Next actions (ActionChoice, pickAction): the
// one this trace takes next steps forward, any other forks the timeline.
import type { SubscriptionView } from '../../../engine';
import { ActionChoice } from '../NextActions/ActionChoice';
import { frameText } from './chunkWords';

/** `key` when it is a CommandAck reaching the broker (`ack:`, not `acknowledge:`), else null. */
export const ackArrival = (key: string | null | undefined): string | null =>
  key?.startsWith('ack:') ? key : null;

/** The `ack:` key of `enabled` for the CommandAck of `position` on `subscription`, if enabled. */
export const ackArrivalKey = (
  enabled: readonly string[],
  subscription: string,
  position: string,
): string | undefined => enabled.find((k) => k === `ack:${subscription}:${position}`);

/**
 * An `ack:` step as its button says it, in the words of the request's button beside the timers; a
 * chunked message's one CommandAck by its message and chunks ("M1 (chunks 10:0, 10:1)").
 */
export const ackArrivalLabel = (s: SubscriptionView, position: string): string =>
  `Let the CommandAck of ${frameText(s, position) ?? position} reach ${s.broker} now`;

/** The button for the CommandAck of `position`, only while its `ack:` step is enabled. */
export function AckArrival({
  subscription: s,
  position,
  enabled,
  taken,
}: {
  readonly subscription: SubscriptionView;
  readonly position: string;
  /** The consumer's keys enabled at the cursor (the panel's `timers`). */
  readonly enabled: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken: string | null;
}) {
  const key = ackArrivalKey(enabled, s.name, position);
  if (key === undefined) return null;
  return (
    <span data-testid={`sub-${s.name}-ack-${position}`}>
      {' '}
      <ActionChoice actionKey={key} taken={key === taken}>
        {ackArrivalLabel(s, position)}
      </ActionChoice>
    </span>
  );
}
