// The side column's table of contents, held at its top: one button per panel a reader comes for.
// At 1280 × 800 the Invariants panel — what broke — sat about 1,700 px down the column, under the
// guide, next actions, fault plan, explorer and topology, and a keyboard user reached it after
// some 40 Tabs from the diagram (UX review 11). A button scrolls its panel into view, marks it
// and moves the focus there (openPanel), so the next Tab continues inside that panel. The
// explorer's panel is a lazy chunk: pressed before it has arrived, Explorer waits for it and then
// opens it (openPanelWhenShown; review 11 left it doing nothing until then). Another press, or the
// column going away, cancels the wait.
import { useEffect, useRef } from 'react';
import { useApp } from '../../store';
import { openPanelWhenShown } from '../Topology/openPanel';

/** The panels, by data-testid: what broke first, then the tools further up the column. */
const TARGETS: readonly (readonly [label: string, testId: string])[] = [
  ['Invariants', 'panel-invariants'],
  ['Messages', 'panel-outcomes'],
  ['Pulsar code', 'panel-code'],
  ['Explorer', 'panel-explorer'],
  ['Topology', 'panel-topology'],
];

export function SideNav() {
  const hasRun = useApp((s) => s.result !== null);
  const violated = useApp((s) => (s.result?.violations.length ?? 0) > 0);
  const waiting = useRef<() => void>(() => {});
  useEffect(() => () => waiting.current(), []);
  if (!hasRun) return null;
  return (
    <nav className="side-nav" aria-label="Side panels" data-testid="side-nav">
      <span className="muted">Go to</span>
      {TARGETS.map(([label, id]) => (
        <button
          key={id}
          type="button"
          className={`link${id === 'panel-invariants' && violated ? ' bad' : ''}`}
          aria-label={
            id === 'panel-invariants' && violated
              ? 'Invariants panel (an invariant is violated in this run)'
              : `${label} panel`
          }
          onClick={() => {
            waiting.current();
            waiting.current = openPanelWhenShown([id]);
          }}
        >
          {id === 'panel-invariants' && violated ? `⚠ ${label}` : label}
        </button>
      ))}
    </nav>
  );
}
