// The bounds form's state: the bounds a search runs with (the scenario's `explore` block, or the
// engine's defaults, at first), the number fields as typed, and why a field was not taken.
import { useState, type Dispatch, type SetStateAction } from 'react';
import { boundsOf, NUM_KEYS, readBound, type Block, type Bounds, type NumKey } from './bounds';
import { fmt } from './verdict';

const LABELS: Record<NumKey, string> = {
  maxDepth: 'Max depth',
  maxStates: 'Max states',
  maxFaults: 'Max faults',
};

export interface BoundsFields {
  readonly bounds: Bounds;
  readonly texts: Record<NumKey, string>;
  readonly setTexts: Dispatch<SetStateAction<Record<NumKey, string>>>;
  readonly notes: Partial<Record<NumKey, string>>;
  readonly setNotes: Dispatch<SetStateAction<Partial<Record<NumKey, string>>>>;
  /** Whether the browser could not read a field's text as a number (its `validity.badInput`). */
  readonly setUnreadable: (key: NumKey, unreadable: boolean) => void;
  /** Changes bounds the form shows without a text field (the fault kinds). */
  readonly set: (patch: Partial<Bounds>) => void;
  /** The bounds as the fields read now, shown back; Explore and Compare fixes run with them. */
  readonly parseBounds: () => Bounds;
}

export function useBoundsFields(scenario: Block | undefined): BoundsFields {
  const [bounds, setBounds] = useState<Bounds>(() => boundsOf(scenario));
  // The number fields as typed (a field may be empty while the user edits it).
  const [texts, setTexts] = useState<Record<NumKey, string>>(() => ({
    maxDepth: String(bounds.maxDepth),
    maxStates: String(bounds.maxStates),
    maxFaults: String(bounds.maxFaults),
  }));
  // Why a field was not taken as typed at the last Explore (it kept its previous value).
  const [notes, setNotes] = useState<Partial<Record<NumKey, string>>>({});
  // A number field holding "1e" or "--1" reports "" (validity.badInput): not "empty" to the user.
  const [unreadable, setUnreadableAll] = useState<Partial<Record<NumKey, boolean>>>({});
  const setUnreadable = (key: NumKey, bad: boolean) =>
    setUnreadableAll((u) => (u[key] === bad ? u : { ...u, [key]: bad }));

  /**
   * The bounds as the fields read now, shown back. An empty or invalid field keeps the value it
   * had (the scenario's or the default at first) and says so beside it: never a silent 1.
   */
  const parseBounds = (): Bounds => {
    const parsed = { ...bounds };
    const why: Partial<Record<NumKey, string>> = {};
    for (const k of NUM_KEYS) {
      const r = readBound(k, texts[k], unreadable[k] === true);
      if (r.ok) parsed[k] = r.value;
      else why[k] = `${LABELS[k]} ${r.why}: kept ${fmt(bounds[k])}.`;
    }
    setTexts({
      maxDepth: String(parsed.maxDepth),
      maxStates: String(parsed.maxStates),
      maxFaults: String(parsed.maxFaults),
    });
    setNotes(why);
    setUnreadableAll({});
    setBounds(parsed);
    return parsed;
  };

  const set = (patch: Partial<Bounds>) => setBounds((b) => ({ ...b, ...patch }));
  return { bounds, texts, setTexts, notes, setNotes, setUnreadable, set, parseBounds };
}
