// "How to read this": five lines for someone who has never seen Dedup Lab (a Pulsar committer
// sent a link, or opening it cold). It sits at the top of the side column, so it costs the
// diagram no height, until "Got it" hides it for good (kept in localStorage); the `?` dialog
// shows the same lines again. Words, not a tour: each line names the thing as it is labelled.
import { useState } from 'react';

const KEY = 'dedup-lab-guide';

function hiddenBefore(): boolean {
  try {
    return localStorage.getItem(KEY) === 'hidden';
  } catch {
    return false; // no storage (private mode): shown, and "Got it" hides it for this page
  }
}

/** The reading guide's lines; also the `?` dialog's first section. */
export function GuideText() {
  return (
    <ul className="guide-lines">
      <li>
        A step-through model of Apache Pulsar's deduplication and geo-replication: each step runs
        one modelled Pulsar rule (the <strong>Pulsar code</strong> panel names it).
      </li>
      <li>
        <strong>Diagram</strong>: a lane per client, broker and ledger; time runs down; faded steps
        are not reached yet; a <strong>VIOLATION</strong> note on a pink band marks a broken
        invariant.
      </li>
      <li>
        <strong>Step bar</strong>: Forward ▶ (→) one step, Last (End), First (Home); the red ⚠ link
        jumps to the violation.
      </li>
      <li>
        <strong>This column</strong>: the state after the step shown; Messages puts what the
        application was told beside what is stored.
      </li>
      <li>
        <strong>Your own</strong>: ⚡ on a message injects a fault, <strong>Fixes</strong> switch
        merged, open and proposed fixes on, <strong>Explorer</strong> tries every interleaving,{' '}
        <strong>Edit scenario</strong> writes one.
      </li>
    </ul>
  );
}

export function Guide() {
  const [hidden, setHidden] = useState(hiddenBefore);
  if (hidden) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(KEY, 'hidden');
    } catch {
      // storage unavailable: hidden for this page only
    }
    setHidden(true);
  };
  return (
    <section className="panel guide" aria-labelledby="guide-title" data-testid="guide">
      <h3 id="guide-title">How to read this</h3>
      <GuideText />
      <p className="guide-foot">
        <button type="button" onClick={dismiss}>
          Got it
        </button>{' '}
        <span className="muted">The ? button in the step bar shows this again.</span>
      </p>
    </section>
  );
}
