// The editor's drafts in localStorage, one per scenario id: saved as text on every change, so a
// malformed draft survives a reload (or a crash) exactly as typed, with its error shown again when
// it comes back, and a draft of one scenario never shows up in another's editor. A draft is kept
// under the id its text names: a built-in's text turned into a new scenario (another id) becomes
// that scenario's draft, never the built-in's. Drafts of ids no built-in has are the user's own
// scenarios: listed (`useUserDrafts`) in the Scenario picker and the editor's "Start from".
import { useSyncExternalStore } from 'react';
import { BUILTINS } from '../../../scenarios';

export const DRAFT_PREFIX = 'dedup-lab-draft:';
/** Before drafts were per scenario there was one, under this key; it is moved on first read. */
export const LEGACY_DRAFT_KEY = 'dedup-lab-draft';

export const draftKey = (scenarioId: string): string => `${DRAFT_PREFIX}${scenarioId}`;

/** A listed built-in (a generated `long-<n>` is not one: its draft is the user's own scenario). */
export const isBuiltinId = (id: string): boolean => BUILTINS.some((b) => b.id === id);

/** The scenario id a draft's text names (also in malformed JSON), or null. */
function idOfText(text: string): string | null {
  return /"id"\s*:\s*"([^"\\]+)"/.exec(text)?.[1] ?? null;
}

/** The top-level `id` of text that parses as a JSON object, or null. */
function parsedIdOf(text: string): string | null {
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    const id = (v as { id?: unknown }).id;
    return typeof id === 'string' && id.trim() !== '' ? id : null;
  } catch {
    return null;
  }
}

/**
 * The id a draft's text is kept under, `current` being the one it is kept under now: the id the
 * text names once it parses; until then `current`, except that a built-in's draft never takes
 * text that names another id (that text goes under the id it names).
 */
export function draftIdFor(text: string, current: string): string {
  const parsed = parsedIdOf(text);
  if (parsed !== null) return parsed;
  const named = idOfText(text);
  if (named !== null && named !== current && isBuiltinId(current)) return named;
  return current;
}

// The user's drafts change from the editor and from other tabs: components follow them here.
const listeners = new Set<() => void>();
/** The last list returned: the same array while the drafts are the same (useSyncExternalStore). */
let snapshot: readonly UserDraft[] = [];
function changed(): void {
  for (const l of listeners) l();
}
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith(DRAFT_PREFIX)) changed();
  });

export function loadDraft(scenarioId: string): string | null {
  try {
    const own = localStorage.getItem(draftKey(scenarioId));
    if (own !== null) return own;
    // The old single draft belongs to the scenario its text names.
    const legacy = localStorage.getItem(LEGACY_DRAFT_KEY);
    if (legacy === null || idOfText(legacy) !== scenarioId) return null;
    localStorage.setItem(draftKey(scenarioId), legacy);
    localStorage.removeItem(LEGACY_DRAFT_KEY);
    changed();
    return legacy;
  } catch {
    return null;
  }
}

export function saveDraft(scenarioId: string, text: string): void {
  try {
    localStorage.setItem(draftKey(scenarioId), text);
    if (!isBuiltinId(scenarioId)) changed();
  } catch {
    // no storage (private mode, full): the draft lives as long as the page
  }
}

export function clearDraft(scenarioId: string): void {
  try {
    localStorage.removeItem(draftKey(scenarioId));
    changed();
  } catch {
    // nothing to clear
  }
}

export function hasDraft(scenarioId: string): boolean {
  try {
    return localStorage.getItem(draftKey(scenarioId)) !== null;
  } catch {
    return false;
  }
}

/**
 * One editor session's writes. Its text is kept under the id it names (`draftIdFor`); when that
 * id changes, the draft this session created under the old id goes (typing an id letter by letter
 * leaves no draft per prefix, and a built-in it passed through keeps no draft), while a draft
 * that existed before the session is never removed or overwritten by typing: text that names
 * such an id stays where it was until Run (`keep`).
 */
export class DraftSession {
  private readonly created = new Set<string>();

  /** Where text edited under `current` is kept now (`current` when the id it names is taken). */
  target(text: string, current: string): string {
    const id = draftIdFor(text, current);
    return id !== current && hasDraft(id) && !this.created.has(id) ? current : id;
  }

  /** Keeps `text` under `id`, coming from `from`; a built-in's draft only takes its own text. */
  keep(id: string, text: string, from: string): void {
    // A built-in's draft never takes text that names another id (a taken id keeps it here).
    if (!isBuiltinId(id) || draftIdFor(text, id) === id) {
      if (!hasDraft(id)) this.created.add(id);
      // An emptied built-in is no draft: its JSON comes back next time, not an empty editor.
      if (text.trim() === '' && isBuiltinId(id)) clearDraft(id);
      else saveDraft(id, text);
    }
    if (from !== id && this.created.delete(from)) clearDraft(from);
  }
}

export interface UserDraft {
  readonly id: string;
  /** The draft's title when its text names one, else its id. */
  readonly title: string;
  readonly text: string;
}

function titleOf(text: string, id: string): string {
  try {
    const v = JSON.parse(text) as { title?: unknown };
    if (typeof v?.title === 'string' && v.title.trim() !== '') return v.title;
  } catch {
    // a malformed draft: the id names it
  }
  return /"title"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? id;
}

/** The drafts of scenarios no built-in lists, by id. */
export function userDrafts(): readonly UserDraft[] {
  const out: UserDraft[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(DRAFT_PREFIX)) continue;
      const id = key.slice(DRAFT_PREFIX.length);
      if (id === '' || isBuiltinId(id)) continue;
      const text = localStorage.getItem(key) ?? '';
      out.push({ id, title: titleOf(text, id), text });
    }
  } catch {
    // no storage: no drafts
  }
  out.sort((a, b) => a.id.localeCompare(b.id));
  const same =
    out.length === snapshot.length &&
    out.every((d, i) => d.id === snapshot[i]!.id && d.text === snapshot[i]!.text);
  if (!same) snapshot = out;
  return snapshot;
}

/** The user's drafts, re-rendering when one is saved, moved or deleted (here or in another tab). */
export function useUserDrafts(): readonly UserDraft[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    userDrafts,
    userDrafts,
  );
}
