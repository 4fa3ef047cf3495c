// A subscription's CommandAcks on their way to its broker (`acks: "in-flight"`), each with the
// messages of its entry and a ⚡ that offers what can catch an acknowledgement: lose-ack, the
// consumer's connection dropping with it (ConsumerAcks.ts). Before, only the CommandAck's arrow in
// the diagram offered it; a reader of the Subscriptions panel saw "10:0" with no way to act on it.
// The messages are the ones the consumer received at that position (an ack follows its receipt).
// Beside the ⚡, while it is enabled, the CommandAck's arrival at the broker (AckArrival.tsx). A
// chunked message's chunks travel in one CommandAck: its chip names the message and its chunks,
// "M1 (chunks 10:0, 10:1)" (session 22), and chunks still waiting for their message say so.
import type { SubscriptionView } from '../../../engine';
import { AckArrival } from './AckArrival';
import { FaultMenu } from '../FaultPlan/FaultMenu';
import { chunkedText, frameText } from './chunkWords';
import type { MessageFault } from '../FaultPlan/messageFaultKinds';

const ACK_FAULTS: readonly MessageFault[] = ['lose-ack'];

/** The messages the consumer received at `frame`'s positions (its latest receipt at each). */
function msgsAt(s: SubscriptionView, frame: string): readonly string[] {
  const at = (p: string) => [...s.received].reverse().find((r) => r.position === p)?.msgs ?? [];
  return [...new Set(frame.split('+').flatMap(at))];
}

export function AcksInFlight({
  subscription: s,
  cluster,
  enabled = [],
  taken = null,
}: {
  readonly subscription: SubscriptionView;
  /** The cluster of the topic; absent, the ⚡ is not drawn (no fault can name where). */
  readonly cluster: string | undefined;
  /** The consumer's keys enabled at the cursor: an `ack:` among them gets its button. */
  readonly enabled?: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken?: string | null;
}) {
  const inFlight = s.acks?.inFlight ?? [];
  const held = s.acks?.held ?? [];
  const waiting = held.length > 0 && (
    <span className="muted" data-testid={`sub-${s.name}-held`}>
      ; held until whole: {held.map(chunkedText).join(', ')}
    </span>
  );
  if (inFlight.length === 0) return held.length > 0 ? <>none{waiting}</> : <>none</>;
  return (
    <>
      {inFlight.map((position, i) => (
        <span key={i} className="frame-wrap">
          {i > 0 && <span className="visually-hidden">, </span>}
          <span className="chip">
            {frameText(s, position) ?? position}
            {frameText(s, position) === undefined && msgsAt(s, position).length > 0 && (
              <small> {msgsAt(s, position).join('+')}</small>
            )}
          </span>
          {cluster !== undefined &&
            msgsAt(s, position).map((m) => (
              <FaultMenu
                key={m}
                place={`acks-${s.name}`}
                message={m}
                cluster={cluster}
                subscription={s.name}
                kinds={ACK_FAULTS}
              />
            ))}
          <AckArrival subscription={s} position={position} enabled={enabled} taken={taken} />
        </span>
      ))}
      {waiting}
    </>
  );
}
