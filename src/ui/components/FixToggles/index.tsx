// One checkbox per fix the engine models. The accessible name is the fix id alone (tests and
// screen readers find `go-1565` exactly); the one-line summary, where it comes from and what it
// changes are attached as its description. "What do the fixes change?" opens the full help.
import { FIX_IDS } from '../../../engine';
import { FIXES, STATUS_TEXT } from '../../fixes';
import { scenarioOf, toggleFix, useApp } from '../../store';

export function FixToggles() {
  const fixes = useApp((s) => s.fixes);
  // Fixes the scenario itself lists are on whatever the toggles say: shown checked and locked.
  const own = useApp((s) => scenarioOf(s)?.fixes);
  const ownFixes: readonly unknown[] = Array.isArray(own) ? own : [];
  return (
    <fieldset className="fixes">
      <legend>Fixes</legend>
      <div className="fix-grid">
        {FIX_IDS.map((fix) => {
          const info = FIXES[fix];
          return (
            <label
              key={fix}
              className="fix"
              title={
                info
                  ? `${info.summary} (${info.source.label}, ${STATUS_TEXT[info.status]})\n\n${info.detail}`
                  : undefined
              }
            >
              <input
                type="checkbox"
                aria-label={fix}
                aria-describedby={`fix-${fix}`}
                checked={fixes.includes(fix) || ownFixes.includes(fix)}
                disabled={ownFixes.includes(fix)}
                onChange={() => void toggleFix(fix)}
              />
              <code>{fix}</code>
              <span id={`fix-${fix}`} className="muted">
                {ownFixes.includes(fix) ? '(listed in the scenario’s own "fixes") ' : ''}
                {info?.summary ?? ''}
                {info && <span className="visually-hidden"> {info.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <details className="fix-help" data-testid="fix-help">
        <summary>What do the fixes change?</summary>
        <dl>
          {FIX_IDS.map((fix) => {
            const info = FIXES[fix];
            if (!info) return null;
            return (
              <div key={fix} className="fix-help-item">
                <dt>
                  <code>{fix}</code>{' '}
                  <a href={info.source.url} target="_blank" rel="noreferrer">
                    {info.source.label}
                  </a>{' '}
                  <span className={`tag tag-${info.status}`}>{STATUS_TEXT[info.status]}</span>
                </dt>
                <dd>{info.detail}</dd>
              </div>
            );
          })}
        </dl>
      </details>
    </fieldset>
  );
}
