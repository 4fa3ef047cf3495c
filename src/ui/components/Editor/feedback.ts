// What the editor says back: a syntax error's place (and putting the caret there), and what a Run
// did. Kept apart from the editor's component so the wording can be tested without rendering it.

/**
 * A syntax error's place, from the loader's "(line L, column C)" at the end of its message; the
 * parser's own "(line L column C)" before it (Chromium's JSON.parse says it too) is dropped, so
 * the place is said once.
 */
export function whereIn(
  message: string,
): { readonly message: string; readonly line: number; readonly column: number } | null {
  const m = / \(line (\d+), column (\d+)\)$/.exec(message);
  if (!m) return null;
  const rest = message.slice(0, m.index).replace(/ \(line \d+ column \d+\)$/, '');
  return { message: rest, line: Number(m[1]), column: Number(m[2]) };
}

/** Puts the caret at line `line`, column `column` (1-based) of the JSON and scrolls it into view. */
export function goTo(box: HTMLTextAreaElement, line: number, column: number) {
  const lines = box.value.split('\n');
  const offset =
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) +
    Math.min(column - 1, lines[line - 1]?.length ?? 0);
  box.focus();
  box.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 16;
  box.scrollTop = Math.max(0, (line - 1) * lineHeight - box.clientHeight / 2);
}

/** What a run did, in one line: its steps and its violations (the editor's answer to Run). */
export function ranSummary(r: {
  readonly steps: readonly unknown[];
  readonly violations: readonly { readonly invariant: string; readonly step: number }[];
}): string {
  const steps = `${r.steps.length - 1} step${r.steps.length === 2 ? '' : 's'}`;
  if (r.violations.length === 0) return `Ran: ${steps}, no invariant violated.`;
  const v = r.violations.map((x) => `${x.invariant} at step ${x.step}`).join(', ');
  return `Ran: ${steps}; violated: ${v}.`;
}

/** Brings the step bar and the diagram into view, the diagram focused (its keys step the run). */
export function showRun() {
  document.querySelector('nav.step-controls')?.scrollIntoView?.({ block: 'start' });
  document.querySelector<HTMLElement>('[data-testid=diagram]')?.focus({ preventScroll: true });
}
