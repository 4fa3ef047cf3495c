// One checkbox per fix the engine models. The accessible name is the fix id alone (tests and
// screen readers find `go-1565` exactly); the one-line summary, where it comes from and what it
// changes are attached as its description. "What do the fixes change?" opens the full help.
//
// On a small window (below 1280 × 821 px) the three rows of toggles took a quarter of a 700 px
// high window from the diagram: there they fold into one line in the header that names every fix
// switched on and opens the toggles on demand.
import { useEffect, useId, useState } from 'react';
import { FIX_IDS } from '../../../engine';
import { FIXES, STATUS_TEXT } from '../../fixes';
import { fixesOn, scenarioOf, toggleFix, useApp } from '../../store';

/** Where the toggles fold into one line (kept in step with styles.css). */
export const COMPACT_QUERY = '(max-width: 1279px), (max-height: 820px)';

/** The window is small (COMPACT_QUERY); false where matchMedia is missing. */
function useCompact(): boolean {
  const media = typeof matchMedia === 'function' ? matchMedia(COMPACT_QUERY) : null;
  const [compact, setCompact] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return;
    const follow = () => setCompact(media.matches);
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return compact;
}

export function FixToggles() {
  const fixes = useApp((s) => s.fixes);
  // Fixes the scenario itself lists are on whatever the toggles say: shown checked and locked.
  const own = useApp((s) => scenarioOf(s)?.fixes);
  const ownFixes: readonly unknown[] = Array.isArray(own) ? own : [];
  const compact = useCompact();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!compact) return <FixGrid fixes={fixes} ownFixes={ownFixes} />;
  const on = fixesOn(fixes, ownFixes);
  return (
    <>
      <div className="fixes-compact" role="group" aria-label="Fixes" data-testid="fixes-compact">
        <span className="field-label">Fixes</span>{' '}
        {on.length === 0 ? (
          <span className="muted" data-testid="fixes-on">
            none on
          </span>
        ) : (
          <span data-testid="fixes-on">
            {on.map((f) => (
              <code key={f} className="chip chip-on" title={FIXES[f]?.summary}>
                {f}
              </code>
            ))}
          </span>
        )}{' '}
        <button
          type="button"
          className="link"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide the fixes ▴' : `Choose fixes (${FIX_IDS.length}) ▾`}
        </button>
      </div>
      {open && (
        <div id={id} className="fixes-open">
          <FixGrid fixes={fixes} ownFixes={ownFixes} folded />
        </div>
      )}
    </>
  );
}

function FixGrid({
  fixes,
  ownFixes,
  folded = false,
}: {
  readonly fixes: readonly string[];
  readonly ownFixes: readonly unknown[];
  /**
   * Opened from the folded line, whose own "Fixes" label stands right above: the legend is for
   * screen readers only, or "Fixes" read twice one above the other (UX review 24, finding 9), and
   * named as the button that opened it, so the two groups do not share one name either.
   */
  readonly folded?: boolean;
}) {
  return (
    <fieldset className="fixes">
      {folded ? <legend className="visually-hidden">Choose fixes</legend> : <legend>Fixes</legend>}
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
