// A small menu of the per-message faults that apply where the message is shown: in a producer's
// pending queue (it may still be sent, answered or written), on a frame to the broker (the send
// itself can fail) or on a receipt (it can be lost). Choosing one adds it to the fault plan and
// re-runs from the same step. `cluster` is the cluster of the broker the send goes to.
// send-timeout is offered on top of `kinds` whenever the engine says it can act on the message in
// the step shown: an application producer has it pending (the replicator runs with sendTimeout 0).
//
// The open menu is drawn in document.body, fixed to the window and placed by placePopup: the side
// column it opens from scrolls and clips its content (contain: paint), so a menu inside it was cut
// off by the window's right edge (a ⚡ at the end of a row opened 200 px past it).
import { useCallback, useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { faultApplies } from '../../../engine';
import { useApp } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems } from './FaultItems';
import { withSendTimeout, type MessageFault } from './messageFaultKinds';
import { useFixedPlacement } from './popupPlacement';

/** `kinds`, plus send-timeout when it can act on `message` in the step shown. */
function useWithSendTimeout(
  message: string,
  kinds: readonly MessageFault[],
): readonly MessageFault[] {
  const applies = useApp((s) => {
    const w = s.result?.steps[s.cursor]?.world;
    return w !== undefined && faultApplies(w, { kind: 'send-timeout', message });
  });
  return withSendTimeout(kinds, applies);
}

export function FaultMenu(props: {
  readonly message: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
}) {
  const { message, cluster } = props;
  const kinds = useWithSendTimeout(message, props.kinds);
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
        aria-label={`Inject a fault on ${message} at ${cluster}`}
        // Two ⚡ on one row (M0+M1) look alike: the pointer says which message each is for.
        title={`Inject a fault on ${message}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        ⚡
      </button>
      {open &&
        createPortal(
          <FaultPopup
            id={id}
            message={message}
            cluster={cluster}
            kinds={kinds}
            anchor={button}
            onClose={close}
            isOwn={(target) => button.current?.contains(target) ?? false}
          />,
          document.body,
        )}
    </span>
  );
}

/**
 * The open ⚡ menu: mounted while open, so useMenuKeys focuses its first item on opening. Its
 * heading names the message (the ⚡ buttons of a batch's messages look alike).
 */
function FaultPopup(props: {
  readonly id: string;
  readonly message: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
  readonly anchor: RefObject<HTMLElement | null>;
  readonly onClose: (refocus: boolean) => void;
  readonly isOwn: (target: Element) => boolean;
}) {
  const { id, message, cluster, kinds, anchor, onClose, isOwn } = props;
  const menu = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(menu, onClose, isOwn);
  useFixedPlacement(menu, anchor);
  return (
    <div
      ref={menu}
      role="menu"
      id={id}
      tabIndex={-1}
      className="fault-popup fault-popup-fixed"
      aria-label={`Faults for ${message}`}
      onKeyDown={onKeyDown}
    >
      <div className="fault-popup-head" data-testid="fault-popup-head">
        Fault on <strong>{message}</strong> <span className="muted">at {cluster}</span>
      </div>
      <FaultItems message={message} cluster={cluster} kinds={kinds} onPick={() => onClose(true)} />
    </div>
  );
}
