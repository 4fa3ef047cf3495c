// The editor's drafts in localStorage, one per scenario id: saved as text on every change, so a
// malformed draft survives a reload (or a crash) exactly as typed, with its error shown again when
// it comes back, and a draft of one scenario never shows up in another's editor.
export const DRAFT_PREFIX = 'dedup-lab-draft:';
/** Before drafts were per scenario there was one, under this key; it is moved on first read. */
export const LEGACY_DRAFT_KEY = 'dedup-lab-draft';

export const draftKey = (scenarioId: string): string => `${DRAFT_PREFIX}${scenarioId}`;

/** The scenario id a draft's text names (also in malformed JSON), or null. */
function idOfText(text: string): string | null {
  return /"id"\s*:\s*"([^"\\]+)"/.exec(text)?.[1] ?? null;
}

export function loadDraft(scenarioId: string): string | null {
  try {
    const own = localStorage.getItem(draftKey(scenarioId));
    if (own !== null) return own;
    // The old single draft belongs to the scenario its text names.
    const legacy = localStorage.getItem(LEGACY_DRAFT_KEY);
    if (legacy === null || idOfText(legacy) !== scenarioId) return null;
    localStorage.setItem(draftKey(scenarioId), legacy);
    localStorage.removeItem(LEGACY_DRAFT_KEY);
    return legacy;
  } catch {
    return null;
  }
}

export function saveDraft(scenarioId: string, text: string): void {
  try {
    localStorage.setItem(draftKey(scenarioId), text);
  } catch {
    // no storage (private mode, full): the draft lives as long as the page
  }
}

export function clearDraft(scenarioId: string): void {
  try {
    localStorage.removeItem(draftKey(scenarioId));
  } catch {
    // nothing to clear
  }
}
