/**
 * Structural comparison for the panels' `changed` flags: worlds are JSON-shaped, so this is exact
 * and cheap at these sizes.
 */
export const differs = (a: unknown, b: unknown): boolean => JSON.stringify(a) !== JSON.stringify(b);
