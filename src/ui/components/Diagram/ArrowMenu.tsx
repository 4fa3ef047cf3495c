// The fault menu of a diagram arrow: the faults its messages can take, placed inside the part of
// the diagram that shows.
import { useLayoutEffect, useRef, useState } from 'react';
import { setCursor } from '../../store';
import { useMenuKeys } from '../../useKeyboard';
import { FaultItems } from '../FaultPlan/FaultItems';
import { placePopup } from '../FaultPlan/popupPlacement';
import { kindsFor, type ArrowTarget } from './arrows';
import { visibleBox } from './geometry';

/** The arrow menus' place in pickNote: one note, in the diagram's zoom bar. */
export const ARROW_ORIGIN = 'arrow';

/** An arrow's fault menu, opened at (x, y) in the diagram host. */
export type Menu = ArrowTarget & { readonly x: number; readonly y: number };

/**
 * The fault menu of the arrow clicked (its messages' faults), at the click, moved inside the part
 * of the diagram that shows (it scrolls with the drawing, and the diagram clips what leaves it).
 */
export function ArrowMenu(props: {
  readonly menu: Menu;
  readonly busy: boolean;
  readonly scroller: React.RefObject<HTMLElement | null>;
  readonly onClose: (refocus: boolean) => void;
}) {
  const { menu, busy, scroller, onClose } = props;
  const root = useRef<HTMLDivElement>(null);
  const onKeyDown = useMenuKeys(root, onClose);
  const [place, setPlace] = useState<{
    readonly left: number;
    readonly top: number;
    readonly maxHeight: number | null;
  }>({ left: menu.x, top: menu.y, maxHeight: null });
  useLayoutEffect(() => {
    const el = root.current;
    const view = scroller.current;
    if (!el || !view) return;
    const r = el.getBoundingClientRect();
    const room = visibleBox(view, 0);
    if (room.right <= room.left || room.bottom <= room.top) return;
    // The click, in the window: where the menu's corner is before it is moved.
    const at = { left: r.left, top: r.top, right: r.left, bottom: r.top };
    const p = placePopup(at, { width: r.width, height: r.height }, room);
    setPlace({
      left: menu.x + p.left - r.left,
      top: menu.y + p.top - r.top,
      maxHeight: p.maxHeight,
    });
  }, [menu, scroller]);
  return (
    <div
      ref={root}
      className="arrow-menu fault-popup"
      role="menu"
      tabIndex={-1}
      aria-label={`Faults for step ${menu.step}: ${menu.event.text}`}
      style={{
        left: place.left,
        top: place.top,
        ...(place.maxHeight !== null && { maxHeight: place.maxHeight, overflowY: 'auto' }),
      }}
      onKeyDown={onKeyDown}
    >
      <div className="arrow-menu-head">
        Step {menu.step}: {menu.event.text}
      </div>
      {menu.event.msgs.every((m) => kindsFor(menu, m).length === 0) ? (
        <div className="muted">No per-message fault applies to this arrow.</div>
      ) : (
        menu.event.msgs.map((m) => (
          <div key={m} role="group" aria-label={`${m} at ${menu.cluster}`}>
            {menu.event.msgs.length > 1 && <div className="arrow-menu-msg">{m}</div>}
            <FaultItems
              // The note of the pick goes in the zoom bar, above the drawing (Diagram/index.tsx).
              origin={ARROW_ORIGIN}
              message={m}
              cluster={menu.cluster}
              {...(menu.subscription !== undefined && { subscription: menu.subscription })}
              kinds={kindsFor(menu, m)}
              reasons={menu.wontAct[m]}
              // An arrow carries a frame of its own messages, so a Send(ctx) it offers
              // context-expired for has handed the message over (a blocked send has no frame).
              wait="written"
              onPick={() => onClose(true)}
              // The fault must catch this arrow: it is placed just before its step.
              before={() => setCursor(menu.step - 1)}
            />
          </div>
        ))
      )}
      {busy && <div className="muted">Running…</div>}
    </div>
  );
}
