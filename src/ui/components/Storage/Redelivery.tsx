// A subscription's redelivery row: what its consumer negatively acknowledged, works on or times,
// its redelivery request, and under it the choices that can happen next (the timers, an
// acknowledgement, the request), each a button that takes that step.
import type { SubscriptionView } from '../../../engine';
import { acknowledgeKeys, ConsumerChoices, requestKeys } from './ConsumerChoices';
import { RedeliveryTimers, redeliveryTimerKeys } from './RedeliveryTimers';
import { withChunks } from './chunkWords';

type Props = {
  readonly subscription: SubscriptionView;
  readonly enabled: readonly string[];
  readonly taken: string | null;
};

export function Redelivery(props: Props) {
  const s = props.subscription;
  return (
    <>
      <dt>redelivery</dt>
      <dd data-testid={`sub-${s.name}-redelivery`}>{redeliveryWords(s)}</dd>
      <CanHappenNext {...props} />
    </>
  );
}

/** The "can happen next" lines under the redelivery row: the timers, the acknowledgement, the request. */
function CanHappenNext({ subscription: s, enabled, taken }: Props) {
  const timers = redeliveryTimerKeys(enabled, s.name);
  const acknowledge = acknowledgeKeys(enabled, s.name);
  const request = requestKeys(enabled, s.name);
  if (timers.length + acknowledge.length + request.length === 0) return null;
  return (
    <>
      <dt>can happen next</dt>
      <RedeliveryTimers subscription={s.name} keys={timers} taken={taken} />
      <ConsumerChoices subscription={s} acknowledge={acknowledge} request={request} taken={taken} />
    </>
  );
}

/**
 * The consumer's negative acks, the entries its application works on, and its redelivery request; a
 * chunked message by its message and chunks ("M1 (chunks 10:0, 10:1)", chunkWords.ts).
 */
function redeliveryWords(s: SubscriptionView): string {
  const r = s.redelivery!;
  const list = (positions: readonly string[]) => withChunks(s, positions).join(', ');
  const parts = [
    r.nacked.length > 0 && `negatively acknowledged, waiting: ${list(r.nacked)}`,
    r.processing.length > 0 && `the application works on ${list(r.processing)}`,
    r.timed.length > 0 && `ack timeout running for ${list(r.timed)}`,
    r.request,
  ].filter((x): x is string => typeof x === 'string');
  return parts.length > 0 ? parts.join('; ') : 'none';
}
