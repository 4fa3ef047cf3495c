// One checkbox per fix the engine models. The accessible name is the fix id alone (tests and
// screen readers find `go-1565` exactly); the one-line description is attached as its description.
import { FIX_IDS } from '../../../engine';
import { FIX_DESCRIPTIONS } from '../../fixes';
import { toggleFix, useApp } from '../../store';

export function FixToggles() {
  const fixes = useApp((s) => s.fixes);
  return (
    <fieldset className="fixes">
      <legend>Fixes</legend>
      <div className="fix-grid">
        {FIX_IDS.map((fix) => (
          <label key={fix} className="fix" title={FIX_DESCRIPTIONS[fix]}>
            <input
              type="checkbox"
              aria-label={fix}
              aria-describedby={`fix-${fix}`}
              checked={fixes.includes(fix)}
              onChange={() => void toggleFix(fix)}
            />
            <code>{fix}</code>
            <span id={`fix-${fix}`} className="muted">
              {FIX_DESCRIPTIONS[fix] ?? ''}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
