// Help: how to read the page (the same lines as the side column's guide, which a user may have
// dismissed) and the keyboard shortcut list, opened with `?` (or its button) and closed with Esc or Close. A modal
// dialog: while open the focus stays inside (Tab and Shift+Tab cycle through its controls) and the
// page's step keys do not reach the timeline behind it; closing gives the focus back to where it was.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { setShortcutsOpen, useApp } from '../../store';
import { SHORTCUTS } from '../../useKeyboard';
import { GuideText } from '../Guide';

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
/** The page's step keys (useStepKeys), kept from the timeline behind the dialog. */
const PAGE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', ' ']);

export function Shortcuts() {
  const open = useApp((s) => s.shortcutsOpen);
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // What had the focus (the `?` button, a step button, the page): it gets it back on closing.
    const before = document.activeElement;
    close.current?.focus();
    // Focus that lands outside anyway (a script, a click on the page behind) comes back inside.
    const keepInside = (e: FocusEvent) => {
      if (dialog.current && !dialog.current.contains(e.target as Node)) close.current?.focus();
    };
    document.addEventListener('focusin', keepInside);
    return () => {
      document.removeEventListener('focusin', keepInside);
      if (before instanceof HTMLElement && before !== document.body && before.isConnected)
        before.focus();
    };
  }, [open]);
  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setShortcutsOpen(false);
    } else if (e.key === 'Tab') {
      const controls = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      if (controls.length === 0) return;
      const at = controls.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey
        ? controls[at <= 0 ? controls.length - 1 : at - 1]
        : controls[at < 0 || at >= controls.length - 1 ? 0 : at + 1];
      e.preventDefault();
      next!.focus();
    } else if (PAGE_KEYS.has(e.key) && !(e.key === ' ' && e.target instanceof HTMLButtonElement)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <div className="dialog-backdrop" onClick={() => setShortcutsOpen(false)}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Help and keyboard shortcuts"
        className="dialog help-dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2>How to read this</h2>
        <GuideText />
        <h2>Keyboard shortcuts</h2>
        <table className="grid">
          <tbody>
            {SHORTCUTS.map(([k, what]) => (
              <tr key={k}>
                <th scope="row">
                  <kbd>{k}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" ref={close} onClick={() => setShortcutsOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
