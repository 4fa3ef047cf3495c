// ← → Home End step through the run from anywhere on the page, except where those keys already
// mean something: text fields, selects and sliders (a focused checkbox or button has no use for
// them, so stepping still works right after toggling a fix). Space plays/pauses (not on a button
// or a checkbox, where it clicks), `?` opens the shortcut list, Escape closes it.
import { useEffect } from 'react';
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
  ['Space', 'play / pause at the chosen speed'],
  ['?', 'this list'],
  ['Esc', 'close this list or a fault menu'],
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

export function useStepKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === '?' && !ownsArrowKeys(e.target)) {
        e.preventDefault();
        setShortcutsOpen(!appStore.getState().shortcutsOpen);
        return;
      }
      if (e.key === 'Escape' && appStore.getState().shortcutsOpen) {
        setShortcutsOpen(false);
        return;
      }
      if (e.key === ' ' && !ownsSpace(e.target)) {
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
  }, []);
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
