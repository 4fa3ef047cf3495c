// The Pulsar code the step shown ran: each event a modelled rule produced, with the class.method it
// models (and the branch it took) linked to that class's source in the Apache repositories, and
// who ran it (two bookies storing 3:1 read as one line twice otherwise). The diagram says what
// happened; this says where in Pulsar's code to read why. A step whose events name no method says
// what it was instead — a fault injected is not "a frame on the wire" (seed 000's step 16 read so),
// and an application call the diagram draws (sendAsync, flush) is listed, not hidden. It opens
// with the step's action (its key) in full: the step bar's chip is cut short at 1024 px.
import { breakAt } from './breakName';
import { ruleSource, type SimEvent } from '../../../engine';

export function StepCodePanel({
  step,
  stepKey = null,
  events,
}: {
  readonly step: number;
  /** The action that led to this step (the step bar's key chip, cut to "deliver…" at 1024 px). */
  readonly stepKey?: string | null;
  readonly events: readonly SimEvent[];
}) {
  const sources = new Map(
    events.flatMap((e) => {
      const src = e.rule === undefined ? null : ruleSource(e.rule);
      return src ? [[e, src] as const] : [];
    }),
  );
  const ruled = events.filter((e) => sources.has(e));
  const faults = events.filter((e) => e.kind === 'fault' && !ruled.includes(e));
  const other = events.filter((e) => !ruled.includes(e) && !faults.includes(e));
  return (
    <section className="panel" aria-label="Pulsar code" data-testid="panel-code">
      <h3>Pulsar code</h3>
      {step === 0 ? (
        <p className="muted">Step 0 is the initial state: no code has run yet.</p>
      ) : (
        <>
          {stepKey !== null && (
            // The step's action in full, without hover: the step bar's chip shortens it with an
            // ellipsis on a narrow window and has the rest only in its title.
            <p className="step-code-key" data-testid="step-code-key">
              Step {step}: <code>{breakAt(stepKey, /(?<=:)|(?=->)/)}</code>
            </p>
          )}
          {faults.length > 0 && (
            <p data-testid="step-code-fault">
              Step {step} injects a fault: {faults.map((e) => e.text).join('; ')}. The fault is not
              Pulsar code; the steps after it run Pulsar&apos;s answer.
            </p>
          )}
          {ruled.length > 0 && (
            <ol className="plain step-code">
              {ruled.map((e, i) => {
                const src = sources.get(e)!;
                return (
                  <li key={i}>
                    <a
                      href={src.url}
                      target="_blank"
                      rel="noreferrer"
                      title={`${src.repo}: ${src.path}`}
                    >
                      <code>{breakAt(src.method, /(?<=\.)/)}</code>
                    </a>
                    {src.branch !== null && <small className="muted"> ({src.branch})</small>}{' '}
                    <span className="step-code-actor">{e.actor}</span> <span>{e.text}</span>
                  </li>
                );
              })}
            </ol>
          )}
          {ruled.length === 0 && faults.length === 0 && (
            <>
              <p className="muted">
                No event of step {step} names a modelled Pulsar method. What the step did:
              </p>
              <ol className="plain step-code" data-testid="step-code-unnamed">
                {other.map((e, i) => (
                  <li key={i}>
                    <span className="step-code-actor">{e.actor}</span> <span>{e.text}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
