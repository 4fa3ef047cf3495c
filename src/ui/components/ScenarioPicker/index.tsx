// Picks a built-in scenario by title; the store re-runs it from step 0.
import { BUILTINS } from '../../../scenarios';
import { selectScenario, useApp } from '../../store';

export function ScenarioPicker() {
  const scenarioId = useApp((s) => s.scenarioId);
  return (
    <label className="field">
      <span className="field-label">Scenario</span>
      <select
        aria-label="Scenario"
        value={scenarioId}
        onChange={(e) => void selectScenario(e.target.value)}
      >
        {BUILTINS.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The chosen scenario's title and story, so the user knows what they are about to watch. */
export function ScenarioInfo() {
  const scenarioId = useApp((s) => s.scenarioId);
  const scenario = BUILTINS.find((s) => s.id === scenarioId);
  if (!scenario) return null;
  return (
    <section className="scenario-info" aria-label="Scenario description">
      <h2>{scenario.title}</h2>
      {scenario.description !== undefined && <p>{scenario.description}</p>}
    </section>
  );
}
