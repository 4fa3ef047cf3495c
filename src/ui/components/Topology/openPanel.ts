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

/**
 * openPanel, or — when the panel is not in the page yet (the explorer's lazy chunk is still on
 * its way; UX review 11 found the side column's Explorer button did nothing until it arrived) —
 * once it appears, within `timeoutMs`. It opens then only if the focus is still where it was at
 * the call (on the button pressed, or lost to <body>): a user who moved on keeps their place.
 * Returns a function that cancels the wait.
 */
export function openPanelWhenShown(path: readonly string[], timeoutMs = 15_000): () => void {
  if (openPanel(path)) return () => {};
  const from = document.activeElement;
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const observer = new MutationObserver(() => {
    const id = path[path.length - 1];
    if (!id || !document.querySelector(`[data-testid="${CSS.escape(id)}"]`)) return;
    done();
    const active = document.activeElement;
    if (active === from || active === document.body || active === null) openPanel(path);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(done, timeoutMs);
  return done;
}
