// Time travel over the run: buttons, a slider, "Step N of M" and the action that led here.
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

export function StepControls() {
  const cursor = useApp((s) => s.cursor);
  const last = useApp((s) => Math.max(0, (s.result?.steps.length ?? 1) - 1));
  const key = useApp((s) => s.result?.steps[s.cursor]?.key ?? null);
  const disabled = useApp((s) => s.result === null);
  const playing = useApp((s) => s.playing);
  const speed = useApp((s) => s.speed);
  const violated = useApp((s) =>
    (s.result?.violations ?? [])
      .filter((v) => v.step === s.cursor)
      .map((v) => v.invariant)
      .join(', '),
  );
  return (
    <nav className="step-controls" aria-label="Step controls">
      <button
        type="button"
        aria-label="First step"
        onClick={stepFirst}
        disabled={disabled || cursor === 0}
      >
        First
      </button>
      <button
        type="button"
        aria-label="Back one step"
        onClick={stepBack}
        disabled={disabled || cursor === 0}
      >
        ◀ Back
      </button>
      <button
        type="button"
        aria-label="Forward one step"
        onClick={stepForward}
        disabled={disabled || cursor === last}
      >
        Forward ▶
      </button>
      <button
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
        type="range"
        aria-label="Step"
        min={0}
        max={last}
        value={cursor}
        disabled={disabled}
        onChange={(e) => setCursor(Number(e.target.value))}
      />
      <span className="step-label" data-testid="step-label">
        Step {cursor} of {last}
      </span>
      <code className="step-key" title="The action taken to reach this step">
        {key ?? 'initial state'}
      </code>
      {violated && (
        <span className="step-violation" data-testid="step-violation" role="status">
          violated here: {violated}
        </span>
      )}
      <button
        type="button"
        className="link keys-hint"
        aria-label="Keyboard shortcuts"
        onClick={() => setShortcutsOpen(true)}
      >
        ← → Home End Space · ? shortcuts
      </button>
    </nav>
  );
}
