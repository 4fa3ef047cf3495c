// What the share machinery shows beside (or instead of) the app: the view mode the link asked
// for, a link that could not be decoded, and what opening a link found.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ShareError, ShareErrorKind } from './codec';

export type ViewMode = 'app' | 'embed';

export interface ShareState {
  readonly mode: ViewMode;
  /** The link could not be decoded: the page shows this instead of the app. */
  readonly broken: ShareError | null;
  /** What opening the link found (replayed exactly, or where it diverged). */
  readonly notice: {
    readonly ok: boolean;
    readonly text: string;
    /** A link that could not be opened over the run on screen: the notice offers no "step 0". */
    readonly kept?: boolean;
    /** How the explorer found the run, when the link says (./foundBy.ts foundSentence). */
    readonly found?: string;
    /** The link's found part could not be read: why it was left out. */
    readonly ignored?: string;
  } | null;
}

export const shareStore = createStore<ShareState>()(() => ({
  mode: 'app',
  broken: null,
  notice: null,
}));
export const useShare = <T>(sel: (s: ShareState) => T): T => useStore(shareStore, sel);

/** What a link that cannot be decoded is, in the broken-link page's heading and in the notice. */
export const BROKEN_TITLES: Readonly<Record<ShareErrorKind, string>> = {
  empty: 'This link is empty',
  'unknown-version': 'This link is from another version of Dedup Lab',
  'not-base64': 'This link was changed on its way here',
  truncated: 'This link is incomplete',
  corrupt: 'This link cannot be read',
};
