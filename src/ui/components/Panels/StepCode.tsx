// The Pulsar code the step shown ran: each event a modelled rule produced, with the class.method it
// models (and the branch it took) linked to that class's source in the Apache repositories. The
// diagram says what happened; this says where in Pulsar's code to read why.
import { ruleSource, type SimEvent } from '../../../engine';

export function StepCodePanel({
  step,
  events,
}: {
  readonly step: number;
  readonly events: readonly SimEvent[];
}) {
  const ruled = events.filter((e) => e.rule !== undefined && ruleSource(e.rule) !== null);
  return (
    <section className="panel" aria-label="Pulsar code" data-testid="panel-code">
      <h3>Pulsar code</h3>
      {step === 0 ? (
        <p className="muted">Step 0 is the initial state: no code has run yet.</p>
      ) : ruled.length === 0 ? (
        <p className="muted">
          No modelled Pulsar method in step {step}: a frame on the wire or a call of the
          application.
        </p>
      ) : (
        <ol className="plain step-code">
          {ruled.map((e, i) => {
            const src = ruleSource(e.rule!)!;
            return (
              <li key={i}>
                <a
                  href={src.url}
                  target="_blank"
                  rel="noreferrer"
                  title={`${src.repo}: ${src.path}`}
                >
                  <code>{src.method}</code>
                </a>
                {src.branch !== null && <small className="muted"> ({src.branch})</small>}{' '}
                <span>{e.text}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
