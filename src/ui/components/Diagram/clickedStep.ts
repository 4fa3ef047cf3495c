// Which step a click in the drawing landed on, so a click on any row moves the cursor there: an
// engineer reading the diagram points at the row they argue about. `toMermaid`'s items are in
// drawing order, and Mermaid draws the i-th message as the i-th group of label lines and arrow
// (messageShapes.ts) and the i-th note as the i-th `rect.note`, with the note's text in the same <g>.
import type { MermaidItem } from '../../../engine';
import { messageIndexOf } from './messageShapes';

/** The step of the n-th item of this kind, or null. */
function nth(items: readonly MermaidItem[], kind: MermaidItem['kind'], n: number): number | null {
  if (n < 0) return null;
  let seen = -1;
  for (const item of items) if (item.kind === kind && ++seen === n) return item.step;
  return null;
}

/** The step of the message or note a click in `root` (the drawing's host) landed on, or null. */
export function clickedStep(
  root: Element,
  items: readonly MermaidItem[],
  target: Element,
): number | null {
  const message = messageIndexOf(root, target);
  if (message >= 0) return nth(items, 'message', message);
  const group = target.closest('g');
  const note =
    target.closest('rect.note') ??
    (group && root.contains(group) ? group.querySelector(':scope > rect.note') : null);
  if (!note) return null;
  return nth(items, 'note', [...root.querySelectorAll('rect.note')].indexOf(note));
}
