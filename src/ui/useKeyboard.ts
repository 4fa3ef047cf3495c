// ← → Home End step through the run from anywhere on the page, except where those keys already
// mean something: text fields, selects and sliders (a focused checkbox or button has no use for
// them, so stepping still works right after toggling a fix). Space plays/pauses (not on a button
// or a checkbox, where it clicks), `?` opens the shortcut list, Escape closes it.
// useMenuKeys is the keyboard and focus of every popup menu (the ⚡ fault menus, a topology node's
// menu, a diagram arrow's menu): while one has the focus, these keys are its own.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import {
  appStore,
  playTick,
  setShortcutsOpen,
  stepBack,
  stepFirst,
  stepForward,
  stepLast,
  togglePlay,
  useApp,
} from './store';

const KEYS: Record<string, () => void> = {
  ArrowLeft: stepBack,
  ArrowRight: stepForward,
  Home: stepFirst,
  End: stepLast,
};
const OWN_KEYS_INPUTS = new Set(['checkbox', 'button', 'submit', 'reset']);

export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['← / →', 'one step back / forward'],
  ['Home / End', 'first / last step'],
  ['Space', 'play / pause at the chosen speed (on a focused button it presses the button)'],
  ['?', 'this help'],
  ['Shift + ← / →', 'scroll the focused diagram sideways (↑ ↓ PgUp PgDn scroll it down)'],
  [
    '+ / −  0  f  a',
    'zoom the focused diagram in / out, 100 %, fit width, auto (fit, not below 67 %)',
  ],
  ['↑ / ↓  Home / End', 'move in an open fault menu (the step keys wait until it closes)'],
  ['Esc', 'close this help or a fault menu'],
];

function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )
    return true;
  return target instanceof HTMLInputElement && !OWN_KEYS_INPUTS.has(target.type);
}

/** Space activates buttons, checkboxes, links and summaries: leave it to them there. */
function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    ownsArrowKeys(target) ||
    target instanceof HTMLButtonElement ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLAnchorElement ||
    target.tagName === 'SUMMARY'
  );
}

/**
 * The page's keys. `only: 'steps'` (the embed view: no player, no shortcut list) keeps ← → Home
 * End alone.
 */
export function useStepKeys(only: 'all' | 'steps' = 'all'): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (only === 'all' && e.key === '?' && !ownsArrowKeys(e.target)) {
        e.preventDefault();
        setShortcutsOpen(!appStore.getState().shortcutsOpen);
        return;
      }
      if (only === 'all' && e.key === 'Escape' && appStore.getState().shortcutsOpen) {
        setShortcutsOpen(false);
        return;
      }
      if (only === 'all' && e.key === ' ' && !ownsSpace(e.target)) {
        e.preventDefault();
        togglePlay();
        return;
      }
      const action = KEYS[e.key];
      if (!action || ownsArrowKeys(e.target)) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [only]);
}

/** The page's step keys (useStepKeys): a menu keeps them while it has the focus. */
const STEP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The keyboard and focus of a popup menu (role=menu), for as long as it is mounted:
 * - on mount, the focus goes to its first enabled menu item (or the menu itself);
 * - ↓ / ↑ move to the next / previous enabled item (wrapping), Home / End to the first / last;
 * - Escape and Tab close it and give the focus back to what opened it: `onClose(true)`;
 * - the page's step keys (← → Home End) never reach the page while the menu has the focus: stepping
 *   would change what the menu was opened on (an in-flight frame moves on, and its menu with it);
 * - a mouse press outside closes it without moving the focus: `onClose(false)`, except on what
 *   `isOwn` says is its own opener (the button toggles it on click: closing here would reopen it).
 * Returns the menu's onKeyDown handler.
 */
export function useMenuKeys(
  menu: RefObject<HTMLElement | null>,
  onClose: (refocus: boolean) => void,
  isOwn: (target: Element) => boolean = () => false,
): (e: ReactKeyboardEvent) => void {
  // The latest callbacks, without re-running the mount effect (it moves the focus).
  const latest = useRef({ onClose, isOwn });
  useEffect(() => {
    latest.current = { onClose, isOwn };
  });
  useEffect(() => {
    const first = menu.current?.querySelector<HTMLElement>('[role=menuitem]:not(:disabled)');
    // Without scrolling: the menu is placed inside the view on its own (placePopup), but the focus
    // may come while it still sits at the click, below the view's bottom edge, and the diagram
    // then scrolled by the menu's height: the arrow clicked and the menu went up out of the view
    // (review 8: an arrow's label at the bottom of a zoomed-in diagram).
    (first ?? menu.current)?.focus({ preventScroll: true });
    const outside = (e: MouseEvent) => {
      const target = e.target as Element;
      if (!menu.current?.contains(target) && !latest.current.isOwn(target))
        latest.current.onClose(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [menu]);

  return (e: ReactKeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const enabled = [
      ...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? []),
    ];
    const at = enabled.indexOf(document.activeElement as HTMLElement);
    const last = enabled.length - 1;
    const move: Record<string, number> = {
      ArrowDown: at >= last ? 0 : at + 1,
      ArrowUp: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    if (e.key === 'Escape' || e.key === 'Tab') latest.current.onClose(true);
    else if (e.key in move) enabled[move[e.key]!]?.focus();
    else if (!STEP_KEYS.has(e.key)) return;
    // Neither the page's step keys nor the shortcut list's Escape; no scrolling either.
    e.preventDefault();
    e.stopPropagation();
  };
}

/** While playing, one step every 1/speed seconds; stops by itself at the end. */
export function usePlayback(): void {
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(playTick, 1000 / speed);
    return () => clearInterval(id);
  }, [playing, speed]);
}
