// A block this step changed gets the `changed` class, highlighted in styles.css, so the eye goes
// to what the step did.
export function changedClass(changed: boolean, base = ''): string {
  return changed ? `${base} changed`.trim() : base;
}
