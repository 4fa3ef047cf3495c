// The explorer's bounds: Max depth, Max states and Max faults as typed (with the note of a field
// not taken), and the fault kinds the search may place — those that can apply to this scenario,
// and the others with the reason they cannot.
import { Fragment } from 'react';
import { EXPLORE_FAULT_KINDS, faultKindBlocker } from '../../../engine';
import { useApp } from '../../store';
import { EXPLORE_KIND_WORDS } from '../../faultWords';
import { kindApplies, MAX, MIN, type NumKey } from './bounds';
import type { BoundsFields } from './useBoundsFields';

export function BoundsForm({ fields, busy }: { fields: BoundsFields; busy: boolean }) {
  const { bounds, texts, setTexts, notes, setNotes, setUnreadable, set } = fields;
  // The kinds that can apply to this scenario (and any its explore block lists anyway).
  const config = useApp((s) => s.result?.steps[0]?.world.config ?? null);
  const kinds = EXPLORE_FAULT_KINDS.filter(
    (k) => (config !== null && kindApplies(k, config)) || bounds.kinds.includes(k),
  );
  // The others, with the engine's reason: a kind simply missing reads as an oversight.
  const missing = EXPLORE_FAULT_KINDS.flatMap((k) => {
    const why = config !== null && !kinds.includes(k) ? faultKindBlocker(k, config) : null;
    return why === null ? [] : [`${k} (${why})`];
  });

  const num = (label: string, key: NumKey) => (
    <label>
      {label}{' '}
      <input
        type="number"
        min={MIN[key]}
        max={MAX[key]}
        step={1}
        value={texts[key]}
        disabled={busy}
        aria-describedby={
          notes[key] ? `explorer-note-${key} explorer-bounds-hint` : 'explorer-bounds-hint'
        }
        onChange={(e) => {
          setTexts((t) => ({ ...t, [key]: e.target.value }));
          setNotes((n) => ({ ...n, [key]: undefined }));
        }}
        // Every keystroke, also one that leaves the value "" as it was ("" → "e"), which React's
        // onChange skips.
        onInput={(e) => setUnreadable(key, e.currentTarget.validity.badInput)}
      />
      {notes[key] && (
        <span className="explorer-field-note" id={`explorer-note-${key}`} role="status">
          {notes[key]}
        </span>
      )}
    </label>
  );

  return (
    <div className="explorer-bounds">
      {num('Max depth', 'maxDepth')}
      {num('Max states', 'maxStates')}
      {num('Max faults', 'maxFaults')}
      <p className="muted explorer-bounds-hint" id="explorer-bounds-hint">
        Depth: steps in one run. States: distinct states searched before it stops (the progress bar
        fills toward it, and fills up once a search is complete). Faults: how many of the kinds
        ticked below the search may place in one run (0: none, interleavings only).
      </p>
      <fieldset disabled={busy}>
        <legend>Fault kinds</legend>
        {kinds.some((k) => k.startsWith('checksum-error')) && (
          <p className="muted explorer-kinds-hint">
            checksum-error tries both local buffer states; :corrupted and :intact only one (whether
            the producer's own copy is corrupted too). Point at a kind for what it does.
          </p>
        )}
        {kinds.map((k) => (
          <Fragment key={k}>
            <label className="explorer-kind" title={EXPLORE_KIND_WORDS[k]}>
              <input
                type="checkbox"
                aria-describedby={`explorer-kind-${k}`}
                checked={bounds.kinds.includes(k)}
                onChange={(e) =>
                  set({
                    kinds: e.target.checked
                      ? [...bounds.kinds, k]
                      : bounds.kinds.filter((x) => x !== k),
                  })
                }
              />{' '}
              {k}
            </label>
            {/* Outside the label: the words describe the checkbox, they are not its name. */}
            <span id={`explorer-kind-${k}`} className="visually-hidden">
              {EXPLORE_KIND_WORDS[k]}
            </span>
          </Fragment>
        ))}
        {missing.length > 0 && (
          <p className="muted explorer-kinds-missing" data-testid="explorer-kinds-missing">
            Not offered here: {missing.join('; ')}.
          </p>
        )}
      </fieldset>
    </div>
  );
}
