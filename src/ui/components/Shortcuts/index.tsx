// The keyboard shortcut list, opened with `?` (or its button) and closed with Esc or Close.
import { useEffect, useRef } from 'react';
import { setShortcutsOpen, useApp } from '../../store';
import { SHORTCUTS } from '../../useKeyboard';

export function Shortcuts() {
  const open = useApp((s) => s.shortcutsOpen);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onClick={() => setShortcutsOpen(false)}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        className="dialog"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
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
