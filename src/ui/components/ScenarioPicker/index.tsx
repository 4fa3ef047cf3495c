// Picks a built-in scenario by title; the store re-runs it from step 0.
import { useState } from 'react';
import { BUILTINS } from '../../../scenarios';
import { scenarioOf, selectScenario, useApp } from '../../store';
import { StoreNotice } from './Notice';

export function ScenarioPicker() {
  const scenarioId = useApp((s) => s.scenarioId);
  const custom = useApp((s) => s.custom);
  const value = custom ? '(edited)' : scenarioId;
  return (
    <label className="field">
      <span className="field-label">Scenario</span>
      <select
        aria-label="Scenario"
        value={value}
        onChange={(e) => {
          if (e.target.value === '(edited)') return;
          void selectScenario(e.target.value);
          // ← → step the run (useKeyboard), but a focused <select> keeps them: in Chromium the
          // next → would pick the following scenario instead of stepping. A choice is made, so
          // the focus leaves the list (Tab still continues from here).
          e.currentTarget.blur();
        }}
      >
        {custom && (
          <option value="(edited)">
            Edited: {typeof custom.title === 'string' ? custom.title : scenarioId}
          </option>
        )}
        {BUILTINS.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The chosen scenario's title and story, so the user knows what they are about to watch. Long
 * stories are clamped to two lines (the diagram needs the height) with a toggle to read them all.
 */
export function ScenarioInfo() {
  const shown = useApp((s) => scenarioOf(s));
  const [open, setOpen] = useState(false);
  if (!shown) return null;
  // An edited scenario's fields are untrusted: only strings are shown, and only as text.
  const scenario = {
    title: typeof shown.title === 'string' ? shown.title : String(shown.id ?? ''),
    description: typeof shown.description === 'string' ? shown.description : undefined,
  };
  const long = (scenario.description?.length ?? 0) > 240;
  return (
    <section className="scenario-info" aria-label="Scenario description">
      <h2>{scenario.title}</h2>
      <StoreNotice source="schedule" />
      {scenario.description !== undefined && (
        <p className={long && !open ? 'clamped' : undefined}>{scenario.description}</p>
      )}
      {long && (
        <button type="button" className="link" onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </section>
  );
}
