// A short line near the menu a fault was picked from — beside the ⚡ of a message, in the diagram's
// zoom bar for an arrow, under the topology graph for a node's ⋯ — saying it went into the Fault
// plan: "Added to the Fault plan: lose-receipt on E3 at us-west". The plan's own notice is in its panel, often out of view; after a pick a
// sighted user saw only the step bar's new length and the diagram's faded steps (UX review 15,
// finding 5). The words are the plan's (describeFault, the same as keyWords gives a fault key).
//
// Kept outside React (a small store): the row of the ⚡ used may be drawn anew by the run the
// fault starts, and the line must survive that. It goes once the cursor moves or another scenario
// is picked. The menus' focus rules are untouched (the focus goes back to the ⚡ / ⋯ / the diagram
// as before).
//
// The line is for the eye only (aria-hidden): a screen reader hears the pick once, from the store's
// notice ("… added at step 12: …" in the Fault plan, a polite status; a refusal there is an alert
// with the validator's words). Both had spoken of one pick (UX review 16, finding 12).
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { addFault, appStore, describeFault, type FaultJson } from '../../store';

export type PickNote = {
  /** Where the pick was made: `producers:E3[…]@us-west`, `arrow`, `node` (any node's menu). */
  readonly origin: string;
  readonly what: string;
  readonly state: 'adding' | 'added' | 'refused';
  /** The cursor once the pick was made (the arrow menu moves it to just before the arrow). */
  readonly at: number;
  readonly scenario: string;
};

const notes = createStore<{ readonly note: PickNote | null }>()(() => ({ note: null }));

export const clearPickNote = () => notes.setState({ note: null });

appStore.subscribe((s) => {
  const n = notes.getState().note;
  if (n && (s.scenarioId !== n.scenario || (n.state !== 'adding' && s.cursor !== n.at)))
    clearPickNote();
});

/**
 * Adds `f` to the plan (addFault) and notes it at `origin`. A fault the validator refuses is undone
 * by the run (store/run.ts): the note then says so, and the Fault plan's notice says why.
 * `moved`, once the run is back and before the note is kept: a cursor move the pick makes (a quiet
 * end's button goes to the new end), so the note stays at the step the user is taken to.
 */
export function pickFault(origin: string, f: FaultJson, moved?: () => void): Promise<void> {
  const what = describeFault(f);
  const done = addFault(f);
  const s = appStore.getState();
  const note: PickNote = {
    origin,
    what,
    state: 'adding',
    at: s.cursor,
    scenario: s.scenarioId,
  };
  notes.setState({ note });
  return done.then(() => {
    if (notes.getState().note !== note) return;
    moved?.();
    const after = appStore.getState();
    const kept = after.branches[after.branch]?.faults.includes(f) ?? false;
    notes.setState({ note: { ...note, state: kept ? 'added' : 'refused', at: after.cursor } });
  });
}

const TEXT: Record<PickNote['state'], (what: string) => string> = {
  adding: (what) => `Adding to the Fault plan: ${what}…`,
  added: (what) => `Added to the Fault plan: ${what}`,
  refused: (what) => `Not added: ${what}. The Fault plan says why.`,
};

/**
 * The note of a pick made at `origin`, if the last pick was made there. `reveal`: scrolled into
 * view (as little as needed) when it appears or changes, for a note drawn away from its menu.
 */
export function PickedNote(props: {
  readonly origin: string;
  readonly className?: string;
  readonly reveal?: boolean;
}) {
  const note = useStore(notes, (s) => s.note);
  const shown = note && note.origin === props.origin ? note : null;
  const ref = useRef<HTMLSpanElement>(null);
  const text = shown ? TEXT[shown.state](shown.what) : null;
  useEffect(() => {
    if (props.reveal && text !== null) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [props.reveal, text]);
  if (!shown) return null;
  return (
    <span
      ref={ref}
      aria-hidden="true"
      className={`fault-added ${shown.state === 'refused' ? 'fault-added-refused' : ''} ${props.className ?? ''}`}
      data-testid="fault-added"
    >
      {text}
    </span>
  );
}
