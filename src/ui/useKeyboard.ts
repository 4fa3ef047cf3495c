// ← → Home End step through the run from anywhere on the page, except where those keys already
// mean something: text fields, selects and sliders (a focused checkbox or button has no use for
// them, so stepping still works right after toggling a fix).
import { useEffect } from 'react';
import { stepBack, stepFirst, stepForward, stepLast } from './store';

const KEYS: Record<string, () => void> = {
  ArrowLeft: stepBack,
  ArrowRight: stepForward,
  Home: stepFirst,
  End: stepLast,
};
const OWN_KEYS_INPUTS = new Set(['checkbox', 'button', 'submit', 'reset']);

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

export function useStepKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = KEYS[e.key];
      if (!action || e.altKey || e.ctrlKey || e.metaKey || ownsArrowKeys(e.target)) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
