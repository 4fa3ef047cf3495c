// The open ⚡ menu of a message (FaultMenu's popup, drawn in document.body and fixed to the window):
// its heading names the message and, for a chunk, why the fault names the message; its items say
// which kinds would never act from the step shown (neverActs) and which wait a context-expired ends.
import { useMemo, useRef, type RefObject } from 'react';
import { contextExpiryTarget } from '../../../engine';
import { useApp } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems } from './FaultItems';
import type { MessageFault } from './messageFaultKinds';
import { neverActs } from './neverActs';
import { useFixedPlacement } from './popupPlacement';

/**
 * The open ⚡ menu: mounted while open, so useMenuKeys focuses its first item on opening. Its
 * heading names the message (the ⚡ buttons of a batch's messages look alike).
 */
export function FaultPopup(props: {
  readonly id: string;
  readonly origin: string;
  readonly message: string;
  readonly part: string | null;
  readonly cluster: string;
  readonly subscription: string | undefined;
  readonly kinds: readonly MessageFault[];
  readonly anchor: RefObject<HTMLElement | null>;
  readonly onClose: (refocus: boolean) => void;
  readonly isOwn: (target: Element) => boolean;
}) {
  const { id, origin, message, part, cluster, subscription, kinds, anchor, onClose, isOwn } = props;
  const menu = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(menu, onClose, isOwn);
  useFixedPlacement(menu, anchor);
  // Asked once per opening (and per run or step shown): the menu is mounted only while open.
  const result = useApp((s) => s.result);
  const cursor = useApp((s) => s.cursor);
  const reasons = useMemo(
    () => (result ? neverActs(result, cursor, kinds, message, cluster, subscription) : {}),
    [result, cursor, kinds, message, cluster, subscription],
  );
  // Which wait of `message` a context-expired would end at the step shown (its item says that one).
  const wait = useApp((s) => {
    const w = s.result?.steps[s.cursor]?.world;
    const t = w ? contextExpiryTarget(w) : null;
    return t?.message === message ? (t.written ? 'written' : 'blocked') : undefined;
  });
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
        {subscription !== undefined && (
          <span className="muted"> · {subscription}&apos;s CommandAck</span>
        )}
        {part && (
          // A plan fault names a workload message, never a chunk (the validator refuses
          // "M1[1/2]"): it catches the message's first send, write or receipt that it fits.
          <div className="muted">
            {part} is a chunk of {message}: a fault names the message, so it catches the first chunk
            of {message} it fits
          </div>
        )}
      </div>
      <FaultItems
        origin={origin}
        message={message}
        cluster={cluster}
        subscription={subscription}
        kinds={kinds}
        reasons={reasons}
        onPick={() => onClose(true)}
        {...(wait && { wait })}
      />
    </div>
  );
}
