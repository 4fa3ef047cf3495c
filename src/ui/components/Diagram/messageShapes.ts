// A message's shapes in Mermaid's SVG. Mermaid's sequence renderer (drawMessage) draws a message's
// label, then its line, into the same group: a long label, broken onto lines (wrapLabels.ts), is
// one `text.messageText` per line, so the i-th message is not the i-th text but the i-th line together
// with the texts drawn since the line before it.

const TEXT = 'text.messageText';
const LINE = '.messageLine0, .messageLine1';

/** Per message, in drawing order: its label's lines, then its arrow's line. */
export function messageShapes(root: Element): Element[][] {
  const groups: Element[][] = [];
  let texts: Element[] = [];
  for (const el of root.querySelectorAll(`${TEXT}, ${LINE}`)) {
    if (el.matches(TEXT)) texts.push(el);
    else {
      groups.push([...texts, el]);
      texts = [];
    }
  }
  // Texts with no line after them (a drawing cut short): still one message's label.
  if (texts.length > 0) groups.push(texts);
  return groups;
}

/** The index among the drawing's messages of a clicked SVG element (a label line or an arrow), or -1. */
export function messageIndexOf(root: Element, target: Element): number {
  const shape = target.closest(TEXT) ?? target.closest(LINE);
  if (!shape) return -1;
  return messageShapes(root).findIndex((g) => g.includes(shape));
}
