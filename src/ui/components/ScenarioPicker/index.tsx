// Picks a scenario: a built-in by title (the store re-runs it from step 0), or one of the user's
// drafts (runs it as an edited scenario). The scenario on screen is always the one shown selected:
// an edited run, a draft, or a scenario the list does not hold (a link's generated `long-<n>`).
import { useMemo, useState } from 'react';
import { parseScenarioText } from '../../../engine';
import { BUILTINS, builtinById } from '../../../scenarios';
import { runCustomScenario, scenarioOf, selectScenario, useApp } from '../../store';
import { isBuiltinId, useUserDrafts } from '../Editor/draft';
import { StoreNotice } from './Notice';

const EDITED = '(edited)';
const DRAFT = 'draft:';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function ScenarioPicker() {
  const scenarioId = useApp((s) => s.scenarioId);
  const custom = useApp((s) => s.custom);
  const drafts = useUserDrafts();
  // Each draft with the JSON it runs, or null when it does not validate (the editor opens those).
  const runnable = useMemo(
    () =>
      drafts.map((d) => {
        const loaded = parseScenarioText(d.text);
        return loaded.ok ? (JSON.parse(d.text) as Record<string, unknown>) : null;
      }),
    [drafts],
  );
  const shownDraft = custom
    ? drafts.findIndex((d, i) => d.id === scenarioId && sameJson(runnable[i], custom))
    : -1;
  const unlisted = !custom && !isBuiltinId(scenarioId);
  const value = shownDraft >= 0 ? `${DRAFT}${scenarioId}` : custom ? EDITED : scenarioId;
  return (
    <label className="field">
      <span className="field-label">Scenario</span>
      <select
        aria-label="Scenario"
        value={value}
        onChange={(e) => {
          const v = e.target.value;
          if (v === EDITED) return;
          if (v.startsWith(DRAFT)) {
            const json = runnable[drafts.findIndex((d) => `${DRAFT}${d.id}` === v)];
            if (json) void runCustomScenario(json);
          } else void selectScenario(v);
          // ← → step the run (useKeyboard), but a focused <select> keeps them: in Chromium the
          // next → would pick the following scenario instead of stepping. A choice is made, so
          // the focus leaves the list (Tab still continues from here).
          e.currentTarget.blur();
        }}
      >
        {custom && shownDraft < 0 && (
          <option value={EDITED}>
            Edited: {typeof custom.title === 'string' ? custom.title : scenarioId}
          </option>
        )}
        {unlisted && (
          <option value={scenarioId}>{builtinById(scenarioId)?.title ?? scenarioId}</option>
        )}
        <BuiltinGroup />
        {drafts.length > 0 && (
          <optgroup label="Your drafts">
            {drafts.map((d, i) => (
              <option key={d.id} value={`${DRAFT}${d.id}`} disabled={!runnable[i]}>
                {d.title}
                {runnable[i] ? '' : ' (does not validate: open it in the editor)'}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

/** The built-in scenarios as one group of <option>s, by id (the picker's and the editor's "Start from"). */
export function BuiltinGroup() {
  return (
    <optgroup label="Built-in scenarios">
      {BUILTINS.map((s) => (
        <option key={s.id} value={s.id}>
          {s.title}
        </option>
      ))}
    </optgroup>
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
