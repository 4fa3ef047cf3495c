// The editor's draft in localStorage: saved as text on every change, so a malformed draft survives
// a reload (or a crash) exactly as typed, with its error shown again when it comes back.
export const DRAFT_KEY = 'dedup-lab-draft';

export function loadDraft(): string | null {
  try {
    return localStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

export function saveDraft(text: string): void {
  try {
    localStorage.setItem(DRAFT_KEY, text);
  } catch {
    // no storage (private mode, full): the draft lives as long as the page
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
