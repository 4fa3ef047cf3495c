// Scrolls to (and briefly marks) the panel a topology node stands for, by its data-testid path.
/** Scrolls to (and briefly marks) the panel a topology node stands for. */
export function openPanel(path: readonly string[]): boolean {
  let scope: ParentNode = document;
  let el: HTMLElement | null = null;
  for (const id of path) {
    el = scope.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`);
    if (!el) return false;
    scope = el;
  }
  if (!el) return false;
  el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  el.classList.remove('panel-flash');
  void el.offsetWidth; // restart the animation
  el.classList.add('panel-flash');
  return true;
}
