// The branch's fault plan (the scenario's own faults and the injected ones), each removable, the
// faults its trace takes that the explorer placed (a counterexample's: they are steps, not plan
// entries), and the topology faults the user can place at the current step: they happen right
// after it. A fault the validator rejected is reported here, and the run stays as it was.
//
// Removing a fault re-runs the branch; meanwhile every remove button is aria-disabled and ignores a
// press — not `disabled`, which makes Chromium drop the keyboard focus to the page's body (the e2e
// focus-keeping test lost it so under load, when a second run started after the focus was handed).
// Once the run is back, a fault removed from the keyboard hands the focus to the next fault's
// remove button, else the previous one's, else the panel's heading.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { removeFault, setCursor, useApp, useShownStep } from '../../store';
import { StoreNotice } from '../ScenarioPicker/Notice';
import { placedFaults } from './placed';
import { planLines } from './planLines';
import { TopologyFaultButton } from './TopologyFaultButton';
import { topologyFaults, type TopologyFault } from './topologyFaults';

export function FaultPlan() {
  const faults = useApp((s) => s.branches[s.branch]?.faults ?? []);
  // The same step as the panels (useShownStep): the faults are placed at the step shown here.
  const { result, cursor } = useShownStep();
  const world = result?.steps[cursor]?.world ?? null;
  const busy = useApp((s) => s.status === 'running');
  const placed = useMemo(() => (result ? placedFaults(result) : []), [result]);
  const lines = useMemo(() => planLines(faults, result), [faults, result]);
  const region = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The index of the fault whose remove button had the focus when it was pressed.
  const removed = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = removed.current;
    if (busy || at === null) return;
    const focused = document.activeElement;
    const onBody = !focused || focused === document.body;
    removed.current = null;
    // Not if the reader has moved on meanwhile (the focus is elsewhere on the page).
    if (!onBody && !region.current?.contains(focused)) return;
    const buttons = [
      ...(list.current?.querySelectorAll<HTMLButtonElement>('button.fault-remove') ?? []),
    ];
    const target = buttons[at] ?? buttons[at - 1] ?? heading.current;
    target?.focus();
  }, [faults, busy]);
  if (!world) return null;
  // The same list as the topology graph's node menus (./topologyFaults), grouped per producer
  // and per cluster.
  const groups = new Map<string, TopologyFault[]>();
  for (const f of topologyFaults(world, cursor))
    groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return (
    <section ref={region} className="panel" aria-label="Fault plan" data-testid="panel-faults">
      <h3 ref={heading} tabIndex={-1}>
        Fault plan
      </h3>
      <StoreNotice source="fault" />
      {faults.length === 0 && placed.length === 0 ? (
        <p className="muted">
          No faults. Use ⚡ on a message (pending queue, in flight), ⋯ on a topology node or the
          buttons below.
        </p>
      ) : faults.length === 0 ? null : (
        <ul ref={list} className="plain fault-list">
          {lines.map((l, i) => (
            <li key={i}>
              <span>
                {l.text}
                {l.alike}
              </span>{' '}
              {l.never !== null ? (
                // A planned fault whose trigger never happened changes nothing in this run: said
                // in plain text, not muted (the CLI's run warns of it too).
                <span className="fault-never" data-testid="fault-never">
                  ({l.never}){' '}
                </span>
              ) : l.actedAt === null ? (
                <span className="muted">(has not acted in this run) </span>
              ) : (
                <>
                  <span className="muted">acted at </span>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Go to step ${l.actedAt} (${l.text}${l.alike})`}
                    aria-current={l.actedAt === cursor ? 'true' : undefined}
                    onClick={() => setCursor(l.actedAt!)}
                  >
                    step {l.actedAt}
                  </button>
                  <span className="muted"> · </span>
                </>
              )}
              <button
                type="button"
                className="link-button fault-remove"
                aria-label={`Remove ${l.text}${l.alike}`}
                aria-disabled={busy || undefined}
                onClick={(e) => {
                  if (busy) return;
                  if (e.currentTarget === document.activeElement) removed.current = i;
                  void removeFault(i);
                }}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {placed.length > 0 && (
        <ul className="plain fault-list" aria-label="Faults placed by the explorer">
          {placed.map((p) => (
            <li key={p.step}>
              <span>placed by the explorer: {p.text} at </span>
              <button
                type="button"
                className="link-button"
                aria-label={`Go to step ${p.step} (${p.text})`}
                aria-current={p.step === cursor ? 'true' : undefined}
                onClick={() => setCursor(p.step)}
              >
                step {p.step}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row topology" aria-label={`Topology faults after step ${cursor}`}>
        <span className="row-label">after step {cursor}</span>
        {[...groups].map(([group, items]) => (
          <span key={group} className="topology-group">
            {items.map((f) => (
              <TopologyFaultButton key={f.label} fault={f} busy={busy} />
            ))}
          </span>
        ))}
      </div>
    </section>
  );
}
