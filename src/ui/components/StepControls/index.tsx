// Time travel over the run: buttons, a slider, "Step N of M" and the action that led here.
// A step button that becomes disabled while it has the focus (Forward pressed up to the last
// step, First at the first) hands the focus to its neighbour that still works, instead of letting
// it fall to the page's body: Back/First at the end, Forward/Last at the start. The ⚠ link to a
// violation, gone once its step is reached, hands the focus to the Invariants panel.
import { useLayoutEffect, useRef } from 'react';
import {
  SPEEDS,
  setCursor,
  setShortcutsOpen,
  setSpeed,
  stepBack,
  stepFirst,
  stepForward,
  stepLast,
  togglePlay,
  useApp,
} from '../../store';
import { keyWords } from '../../keyWords';
import { openPanel } from '../Topology/openPanel';

export function StepControls() {
  const cursor = useApp((s) => s.cursor);
  const last = useApp((s) => Math.max(0, (s.result?.steps.length ?? 1) - 1));
  const key = useApp((s) => s.result?.steps[s.cursor]?.key ?? null);
  // The key in words, read in the world it was enabled in (the step before), as Next actions says it.
  const words = useApp((s) => {
    const k = s.result?.steps[s.cursor]?.key;
    const before = s.result?.steps[s.cursor - 1]?.world;
    return k && before ? keyWords(k, before, s.branches[s.branch]?.faults) : null;
  });
  const disabled = useApp((s) => s.result === null);
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  const violated = useApp((s) =>
    (s.result?.violations ?? [])
      .filter((v) => v.step === s.cursor)
      .map((v) => v.invariant)
      .join(', '),
  );
  // Where the run breaks an invariant, while the cursor is elsewhere: the next such step (else the
  // first), so a newcomer at step 0 sees at once that and where something is lost.
  const jump = useApp((s) => {
    const vs = s.result?.violations ?? [];
    if (vs.some((v) => v.step === s.cursor)) return null;
    const after = vs.filter((v) => v.step > s.cursor);
    const pick = (after.length > 0 ? after : vs).reduce<(typeof vs)[number] | null>(
      (a, v) => (a === null || v.step < a.step ? v : a),
      null,
    );
    return pick ? `${pick.step}\u0000${pick.invariant}` : null;
  });
  const [jumpStep, jumpInvariant] = jump ? jump.split('\u0000') : [];
  const first = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const forward = useRef<HTMLButtonElement>(null);
  const end = useRef<HTMLButtonElement>(null);
  const slider = useRef<HTMLInputElement>(null);
  // After every render, before the browser moves the focus off a disabled element (Chromium does
  // that at its next rendering update; jsdom never): a focused step button that is disabled now
  // passes the focus on.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLButtonElement) || !focused.disabled) return;
    const towardsStart = [back.current, first.current];
    const towardsEnd = [forward.current, end.current];
    const order =
      focused === forward.current || focused === end.current
        ? [...towardsStart, ...towardsEnd]
        : focused === back.current || focused === first.current
          ? [...towardsEnd, ...towardsStart]
          : null;
    if (!order) return;
    const next = [...order, slider.current].find((el) => el !== null && !el.disabled);
    next?.focus();
  });
  return (
    <nav className="step-controls" aria-label="Step controls">
      <button
        ref={first}
        type="button"
        aria-label="First step"
        onClick={stepFirst}
        disabled={disabled || cursor === 0}
      >
        First
      </button>
      <button
        ref={back}
        type="button"
        aria-label="Back one step"
        onClick={stepBack}
        disabled={disabled || cursor === 0}
      >
        ◀ Back
      </button>
      <button
        ref={forward}
        type="button"
        aria-label="Forward one step"
        onClick={stepForward}
        disabled={disabled || cursor === last}
      >
        Forward ▶
      </button>
      <button
        ref={end}
        type="button"
        aria-label="Last step"
        onClick={stepLast}
        disabled={disabled || cursor === last}
      >
        Last
      </button>
      <button
        type="button"
        aria-label={playing ? 'Pause' : 'Play'}
        aria-pressed={playing}
        onClick={togglePlay}
        disabled={disabled}
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <select
        aria-label="Speed"
        value={speed}
        onChange={(e) => setSpeed(Number(e.target.value))}
        className="speed"
      >
        {SPEEDS.map((v) => (
          <option key={v} value={v}>
            {v} step{v > 1 ? 's' : ''}/s
          </option>
        ))}
      </select>
      <input
        ref={slider}
        type="range"
        aria-label="Step"
        min={0}
        max={last}
        value={cursor}
        disabled={disabled}
        onChange={(e) => setCursor(Number(e.target.value))}
      />
      {/* One group that takes the room left on the line (flex-basis 0): its labels shorten with an
          ellipsis instead of pushing the shortcut hint onto a second line of the bar. */}
      <span className="step-now">
        <span className="step-label" data-testid="step-label">
          Step {cursor} of {last}
        </span>
        <code
          className="step-key"
          title={`The action taken to reach this step: ${key ?? 'none (the initial state)'}${words ? ` — ${words}` : ''}`}
        >
          {key ?? 'initial state'}
        </code>
        {violated && (
          <span
            className="step-violation"
            data-testid="step-violation"
            role="status"
            title={`violated here: ${violated}`}
          >
            <span className="step-violation-lead">violated here: </span>
            {violated}
          </span>
        )}
        {jump && (
          <button
            type="button"
            className="link step-jump"
            data-testid="step-jump"
            aria-label={`Go to step ${jumpStep}, where ${jumpInvariant} is violated`}
            title={`Go to step ${jumpStep}, where ${jumpInvariant} is violated`}
            onClick={() => {
              setCursor(Number(jumpStep));
              // This button goes away at the violation's step, and the focus fell to the page's
              // body: the Invariants panel, which says what broke, takes it (review 11).
              openPanel(['panel-invariants']);
            }}
          >
            {/* The name gives way (an ellipsis) before the step: at 1024 px seed 001's link was cut
                at "ledger-entries-match at step", its number lost (review 7). */}
            ⚠ <span className="step-jump-name">{jumpInvariant}</span> at step {jumpStep}
          </button>
        )}
      </span>
      <button
        type="button"
        className="link keys-hint"
        aria-label="Help and keyboard shortcuts"
        onClick={() => setShortcutsOpen(true)}
      >
        <span className="keys-hint-keys">← → Home End Space · </span>? help
      </button>
    </nav>
  );
}
