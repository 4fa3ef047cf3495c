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
import { useCallback, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { faultApplies } from '../../../engine';
import { LOCAL_BUFFER, MESSAGE_FAULT_WORDS } from '../../faultWords';
import { addFault, useApp, type FaultJson } from '../../store';
import { useMenuKeys } from '../../useKeyboard';

export type MessageFault =
  | 'checksum-corrupted'
  | 'checksum-intact'
  | 'not-allowed'
  | 'lose-receipt'
  | 'persist-fails'
  | 'send-timeout';

export const SEND_FAULTS: readonly MessageFault[] = [
  'checksum-corrupted',
  'checksum-intact',
  'not-allowed',
  'persist-fails',
];
export const ALL_FAULTS: readonly MessageFault[] = [...SEND_FAULTS, 'lose-receipt'];

const W = MESSAGE_FAULT_WORDS;
const LABEL: Record<MessageFault, string> = {
  'checksum-corrupted': `checksum-error, ${LOCAL_BUFFER.corrupted.label}`,
  'checksum-intact': `checksum-error, ${LOCAL_BUFFER.intact.label}`,
  'not-allowed': `not-allowed (${W['not-allowed']})`,
  'lose-receipt': `lose-receipt (${W['lose-receipt']})`,
  'persist-fails': `persist-fails (${W['persist-fails']})`,
  'send-timeout': `send-timeout (${W['send-timeout']})`,
};
/** The pointer's hint on an item: what the local buffer state means. */
const HINT: Partial<Record<MessageFault, string>> = {
  'checksum-corrupted': LOCAL_BUFFER.corrupted.means,
  'checksum-intact': LOCAL_BUFFER.intact.means,
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
    case 'send-timeout':
      // Client-side: the message decides the producer, no cluster.
      return { kind, message };
    default:
      return { kind, message, cluster };
  }
}

/** `kinds`, plus send-timeout when it can act (the ⚡ menus and the diagram's arrow menu alike). */
export const withSendTimeout = (
  kinds: readonly MessageFault[],
  applies: boolean,
): readonly MessageFault[] =>
  applies && !kinds.includes('send-timeout') ? [...kinds, 'send-timeout'] : kinds;

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

/** A box in window coordinates (px). */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** How far a popup keeps from the edges of the room it is placed in (px). */
const EDGE = 4;

/**
 * Where a popup `width` × `height` goes next to `anchor` (what opened it) inside `room` (the
 * window, or the part of a scrolling area that shows): below the anchor, starting at its left
 * edge; flipped to end at the anchor's right edge when it would cross the room's right edge, and
 * above the anchor when there is not enough room below it and more above; then moved inside the
 * room. `maxHeight` is set when the room is shorter than the popup (it then scrolls).
 */
export function placePopup(
  anchor: Rect,
  size: { readonly width: number; readonly height: number },
  room: Rect,
): { readonly left: number; readonly top: number; readonly maxHeight: number | null } {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));
  let left = anchor.left;
  if (left + size.width > room.right - EDGE) left = anchor.right - size.width;
  left = clamp(left, room.left + EDGE, room.right - EDGE - size.width);
  const tall = room.bottom - room.top - 2 * EDGE;
  const height = Math.min(size.height, tall);
  const below = room.bottom - EDGE - anchor.bottom;
  const above = anchor.top - (room.top + EDGE);
  let top = height <= below || below >= above ? anchor.bottom : anchor.top - height;
  top = clamp(top, room.top + EDGE, room.bottom - EDGE - height);
  return { left, top, maxHeight: size.height > tall ? Math.max(tall, 0) : null };
}

/** The window as a room for placePopup. */
export const windowRoom = (): Rect => ({
  left: 0,
  top: 0,
  right: document.documentElement.clientWidth || window.innerWidth,
  bottom: document.documentElement.clientHeight || window.innerHeight,
});

/**
 * Keeps the fixed popup `popup` next to `anchor` and inside the window: placed before it is first
 * painted, and again when the window is resized or anything scrolls (the anchor moves with it).
 */
function useFixedPlacement(
  popup: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const place = (e?: Event) => {
      const el = popup.current;
      const at = anchor.current;
      if (!el || !at) return;
      // Its own scrolling (a popup taller than the window) moves nothing.
      if (e?.target instanceof Node && el.contains(e.target)) return;
      // The natural size: without the previous placement's height limit.
      el.style.maxHeight = '';
      const { left, top, maxHeight } = placePopup(
        at.getBoundingClientRect(),
        { width: el.offsetWidth, height: el.offsetHeight },
        windowRoom(),
      );
      el.style.left = `${left}px`;
      el.style.top = `${top}px`;
      el.style.maxHeight = maxHeight === null ? '' : `${maxHeight}px`;
    };
    place();
    window.addEventListener('resize', place);
    // Capture: a scroll of any scrolling ancestor (the side column) moves the anchor.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [popup, anchor]);
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
          title={HINT[k]}
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
