// A small menu of the per-message faults that apply where the message is shown: in a producer's
// pending queue (it may still be sent, answered or written), on a frame to the broker (the send
// itself can fail) or on a receipt (it can be lost). Choosing one adds it to the fault plan and
// re-runs from the same step. `cluster` is the cluster of the broker the send goes to.
import { useEffect, useId, useRef, useState } from 'react';
import { addFault, type FaultJson } from '../../store';

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
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('[role=menuitem]')?.focus();
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return (
    <span
      className="fault-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
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
        <span role="menu" id={id} className="fault-popup" aria-label={`Faults for ${message}`}>
          <FaultItems
            message={message}
            cluster={cluster}
            kinds={kinds}
            onPick={() => setOpen(false)}
          />
        </span>
      )}
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
