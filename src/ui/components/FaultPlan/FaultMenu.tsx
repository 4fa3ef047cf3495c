// A small menu of the per-message faults that apply where the message is shown: in a producer's
// pending queue (it may still be sent, answered or written), on a frame to the broker (the send
// itself can fail) or on a receipt (it can be lost). Choosing one adds it to the fault plan and
// re-runs from the same step. `cluster` is the cluster of the broker the send goes to.
// send-timeout is offered on top of `kinds` whenever the engine says it can act on the message in
// the step shown: an application producer has it pending (the replicator runs with sendTimeout 0).
// context-expired likewise, where a Go application waits in SendAsync for the message (a permit or
// memory): the Producers panel's ⚡ beside that wait has no kinds of its own (BlockedSendFault);
// and where it waits in Send(ctx) for the result of a message already handed over: the pending op's
// and the frame's ⚡ offer it then.
//
// The open menu is drawn in document.body, fixed to the window and placed by placePopup: the side
// column it opens from scrolls and clips its content (contain: paint), so a menu inside it was cut
// off by the window's right edge (a ⚡ at the end of a row opened 200 px past it).
//
// A kind that would never act in this run from the cursor (neverActs: the judgement the diagram's
// arrow menu makes) is shown disabled with why, as the arrow menu shows it (UX review 14).
// With `subscription` the ⚡ stands on a consumer's CommandAck in flight (the Subscriptions panel):
// its menu names that subscription, as the CommandAck arrow's menu does, so a lose-ack it adds
// drops that consumer's ack and no other's.
// Opening it pauses Play: the ⚡ menu is placed at the cursor, and while Play ran on its row (the
// pending op, the frame) left the panel at the next step and the open menu went with it.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { faultApplies } from '../../../engine';
import { setPlaying, useApp } from '../../store';
import { FaultPopup } from './FaultPopup';
import { withContextExpired, withSendTimeout, type MessageFault } from './messageFaultKinds';
import { PickedNote } from './pickNote';

/** `kinds`, plus send-timeout and context-expired where each can act on `message` in the step shown. */
function useWithClientFaults(
  message: string,
  kinds: readonly MessageFault[],
): readonly MessageFault[] {
  const timeout = useApp((s) => {
    const w = s.result?.steps[s.cursor]?.world;
    return w !== undefined && faultApplies(w, { kind: 'send-timeout', message });
  });
  const expiry = useApp((s) => {
    const w = s.result?.steps[s.cursor]?.world;
    return w !== undefined && faultApplies(w, { kind: 'context-expired', message });
  });
  return useMemo(
    () => withContextExpired(withSendTimeout(kinds, timeout), expiry),
    [kinds, timeout, expiry],
  );
}

export function FaultMenu(props: {
  /** The workload message the fault names. */
  readonly message: string;
  /** What the row shows where it differs from `message`: a chunk (`M1[1/2]`). */
  readonly part?: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
  /** The panel it is in (`producers`, `in-flight`): the note of a pick shows by this ⚡ only. */
  readonly place?: string;
  /** The consumer whose CommandAck of `message` this ⚡ stands on (lose-ack names it). */
  readonly subscription?: string;
}) {
  const { message, cluster, subscription } = props;
  const part = props.part !== undefined && props.part !== message ? props.part : null;
  const origin = `${props.place ?? ''}:${part ?? message}@${cluster}${subscription !== undefined ? `:${subscription}` : ''}`;
  const ack = subscription !== undefined ? `, ${subscription}'s CommandAck` : '';
  // An acknowledgement's ⚡: the producer's send timer (or context) cannot catch a consumer's CommandAck.
  const withClient = useWithClientFaults(message, props.kinds);
  const kinds = subscription !== undefined ? props.kinds : withClient;
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Escape, Tab or a choice give the focus back to the ⚡ button; a click elsewhere leaves it.
  const close = useCallback((refocus: boolean) => {
    if (refocus) button.current?.focus();
    setOpen(false);
  }, []);
  return (
    <span className="fault-menu">
      <button
        ref={button}
        type="button"
        className="fault-button"
        aria-label={`Inject a fault on ${message} at ${cluster}${part ? `, from its chunk ${part}` : ''}${ack}`}
        // Two ⚡ on one row (M0+M1) look alike: the pointer says which message each is for.
        title={`Inject a fault on ${message}${part ? ` (shown here as ${part})` : ''}${ack}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => {
          if (!open) setPlaying(false);
          setOpen(!open);
        }}
      >
        ⚡
      </button>
      {open &&
        createPortal(
          <FaultPopup
            id={id}
            origin={origin}
            message={message}
            part={part}
            cluster={cluster}
            subscription={subscription}
            kinds={kinds}
            anchor={button}
            onClose={close}
            isOwn={(target) => button.current?.contains(target) ?? false}
          />,
          document.body,
        )}
      <PickedNote origin={origin} />
    </span>
  );
}
