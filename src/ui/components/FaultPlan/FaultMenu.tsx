// A small menu of the per-message faults that apply where the message is shown: in a producer's
// pending queue (it may still be sent, answered or written), on a frame to the broker (the send
// itself can fail) or on a receipt (it can be lost). Choosing one adds it to the fault plan and
// re-runs from the same step. `cluster` is the cluster of the broker the send goes to.
import { useCallback, useId, useRef, useState } from 'react';
import { addFault, type FaultJson } from '../../store';
import { useMenuKeys } from '../../useKeyboard';

export type MessageFault =
  'checksum-corrupted' | 'checksum-intact' | 'not-allowed' | 'lose-receipt' | 'persist-fails';

export const SEND_FAULTS: readonly MessageFault[] = [
  'checksum-corrupted',
  'checksum-intact',
  'not-allowed',
  'persist-fails',
];
export const ALL_FAULTS: readonly MessageFault[] = [...SEND_FAULTS, 'lose-receipt'];

const LABEL: Record<MessageFault, string> = {
  'checksum-corrupted': 'checksum-error, local buffer corrupted',
  'checksum-intact': 'checksum-error, local buffer intact',
  'not-allowed': 'not-allowed (NotAllowedError on every attempt)',
  'lose-receipt': 'lose-receipt (persisted, then the connection drops)',
  'persist-fails': 'persist-fails (the ledger write fails)',
};

export function faultJson(kind: MessageFault, message: string, cluster: string): FaultJson {
  switch (kind) {
    case 'checksum-corrupted':
    case 'checksum-intact':
      return {
        kind: 'checksum-error',
        message,
        cluster,
        localBufferCorrupted: kind === 'checksum-corrupted',
      };
    default:
      return { kind, message, cluster };
  }
}

export function FaultMenu(props: {
  readonly message: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
}) {
  const { message, cluster, kinds } = props;
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
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        ⚡
      </button>
      {open && (
        <FaultPopup
          id={id}
          message={message}
          cluster={cluster}
          kinds={kinds}
          onClose={close}
          isOwn={(target) => button.current?.contains(target) ?? false}
        />
      )}
    </span>
  );
}

/** The open ⚡ menu: mounted while open, so useMenuKeys focuses its first item on opening. */
function FaultPopup(props: {
  readonly id: string;
  readonly message: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
  readonly onClose: (refocus: boolean) => void;
  readonly isOwn: (target: Element) => boolean;
}) {
  const { id, message, cluster, kinds, onClose, isOwn } = props;
  const menu = useRef<HTMLSpanElement>(null);
  const onKeyDown = useMenuKeys(menu, onClose, isOwn);
  return (
    <span
      ref={menu}
      role="menu"
      id={id}
      tabIndex={-1}
      className="fault-popup"
      aria-label={`Faults for ${message}`}
      onKeyDown={onKeyDown}
    >
      <FaultItems message={message} cluster={cluster} kinds={kinds} onPick={() => onClose(true)} />
    </span>
  );
}

/**
 * The menu items of the faults `kinds` for one message (shared by the ⚡ menus and the diagram's
 * arrow menu). `before` runs first (the diagram moves the cursor to just before the arrow).
 */
export function FaultItems(props: {
  readonly message: string;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
  readonly onPick?: () => void;
  readonly before?: () => void;
}) {
  const { message, cluster, kinds, onPick, before } = props;
  return (
    <>
      {kinds.map((k) => (
        <button
          key={k}
          type="button"
          role="menuitem"
          onClick={() => {
            onPick?.();
            before?.();
            void addFault(faultJson(k, message, cluster));
          }}
        >
          {LABEL[k]}
        </button>
      ))}
    </>
  );
}
