// The consumer's own steps a user can take from the Subscriptions panel, beside the redelivery
// timers, in the rows where what they act on shows: the application acknowledging the entry it
// works on (`acknowledge:<subscription>:<ledger>:<entry>`, ConsumerImpl.acknowledgeAsync — the
// redelivery row says "the application works on 10:0", the receipts "10:0 M1") and the
// redelivery request reaching the broker (`redeliver:<subscription>`,
// ServerCnx.handleRedeliverUnacknowledged — the row says "CommandRedeliverUnacknowledgedMessages
// on its way"). Before (UX review 20), only Next actions offered them, by their keys. Each button
// is that same choice (ActionChoice, pickAction): the one this trace takes next steps forward, any
// other forks the timeline.
import type { SubscriptionView } from '../../../engine';
import { ActionChoice } from '../NextActions/ActionChoice';

/** `key` when it is an application acknowledgement or a redelivery request, else null. */
export const consumerStep = (key: string | null | undefined): string | null =>
  key?.startsWith('acknowledge:') || key?.startsWith('redeliver:') ? key : null;

/** The `acknowledge:` keys of `enabled` for `subscription` (its application's next one). */
export const acknowledgeKeys = (enabled: readonly string[], subscription: string): string[] =>
  enabled.filter((k) => k.startsWith(`acknowledge:${subscription}:`));

/** The `redeliver:` key of `enabled` for `subscription`, as a list (empty or one). */
export const requestKeys = (enabled: readonly string[], subscription: string): string[] =>
  enabled.filter((k) => k === `redeliver:${subscription}`);

/** The messages the consumer received at `position` (its latest receipt there). */
function msgsAt(s: SubscriptionView, position: string): readonly string[] {
  return [...s.received].reverse().find((r) => r.position === position)?.msgs ?? [];
}

/** An `acknowledge:` key as its button says it: the entry, its messages, and why now. */
export function acknowledgeLabel(s: SubscriptionView, key: string): string {
  const position = key.slice(`acknowledge:${s.name}:`.length);
  const msgs = msgsAt(s, position);
  return `Acknowledge ${position}${msgs.length > 0 ? ` ${msgs.join('+')}` : ''} now (the application is done with it)`;
}

/** A `redeliver:` key as its button says it. */
export const requestLabel = (s: SubscriptionView): string =>
  `Let the redelivery request reach ${s.broker} now (it rewinds the cursor)`;

/** The two lines, each only while its action is enabled (a <dd> each under "can happen next"). */
export function ConsumerChoices({
  subscription: s,
  acknowledge,
  request,
  taken,
}: {
  readonly subscription: SubscriptionView;
  readonly acknowledge: readonly string[];
  readonly request: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken: string | null;
}) {
  return (
    <>
      {acknowledge.length > 0 && (
        <dd data-testid={`sub-${s.name}-acknowledge`}>
          {acknowledge.map((key) => (
            <ActionChoice key={key} actionKey={key} taken={key === taken}>
              {acknowledgeLabel(s, key)}
            </ActionChoice>
          ))}
        </dd>
      )}
      {request.length > 0 && (
        <dd data-testid={`sub-${s.name}-request`}>
          {request.map((key) => (
            <ActionChoice key={key} actionKey={key} taken={key === taken}>
              {requestLabel(s)}
            </ActionChoice>
          ))}
        </dd>
      )}
    </>
  );
}
