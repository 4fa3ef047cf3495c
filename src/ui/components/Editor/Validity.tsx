// What the editor says under the text: "Valid" with the scenario's size, then what Run did with it
// (or the schedule error Run met); else the loader's errors, each naming its JSON path, and a
// syntax error's place as a link that puts the caret there.
import type { RefObject } from 'react';
import type { LoadResult, RunResult } from '../../../engine';
import type { Notice } from '../../store';
import { goTo, ranSummary, showRun, whereIn } from './feedback';

export function Validity(props: {
  readonly loaded: LoadResult;
  /** The form's line fields whose text is not in the JSON yet, with why they do not parse. */
  readonly unapplied: readonly { readonly label: string; readonly error: string }[];
  /** The run of the text on screen, or the schedule error it met (null when the text is not the one that ran). */
  readonly ranResult: RunResult | null;
  readonly runNotice: Notice | null;
  /** The JSON's textarea, where a syntax error's link puts the caret. */
  readonly box: RefObject<HTMLTextAreaElement | null>;
}) {
  const { loaded, unapplied, ranResult, runNotice, box } = props;
  if (!loaded.ok)
    return (
      <ul className="editor-errors plain" aria-label="Errors" data-testid="editor-errors">
        {loaded.errors.map((e, i) => {
          const at = whereIn(e.message);
          return (
            <li key={i}>
              {e.path}: {at ? at.message : e.message}
              {at && (
                <>
                  {' ('}
                  <button
                    type="button"
                    className="link"
                    onClick={() => box.current && goTo(box.current, at.line, at.column)}
                  >
                    line {at.line}, column {at.column}
                  </button>
                  {')'}
                </>
              )}
            </li>
          );
        })}
      </ul>
    );
  const { producers, workload } = loaded.config;
  return (
    <>
      {unapplied.length > 0 && (
        <div className="editor-errors" data-testid="editor-unapplied">
          <p>
            Not in the JSON yet: the form’s {unapplied.map((u) => u.label).join(' and ')}{' '}
            {unapplied.length === 1 ? 'does' : 'do'} not parse, and the JSON still holds the last
            text that did — Run waits for {unapplied.length === 1 ? 'it' : 'them'}.
          </p>
          <ul className="plain">
            {unapplied.map((u) => (
              <li key={u.label}>
                {u.label}: {u.error}
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* With a form line unparsed, the JSON's "Valid" is about text Run will not take: said
          plainly, not in the green that reads as all clear (UX review 14, finding 9). */}
      <p className={unapplied.length > 0 ? undefined : 'ok'} data-testid="editor-valid">
        {unapplied.length > 0 ? 'The JSON as it stands is valid: ' : 'Valid: '}
        {loaded.config.title} ({producers.length} producer
        {producers.length === 1 ? '' : 's'}, {workload.length} workload step
        {workload.length === 1 ? '' : 's'}).
      </p>
      {ranResult && (
        // The run is below the editor, often out of view (at 1024 × 700 Run changed nothing
        // one could see): say what it did, and offer to go there.
        <p role="status" data-testid="editor-ran">
          {ranSummary(ranResult)}{' '}
          <button type="button" className="link" onClick={showRun}>
            Show the run
          </button>
        </p>
      )}
      {runNotice && (
        <ul className="editor-errors plain" aria-label="Run errors" data-testid="editor-run-errors">
          <li>{runNotice.text}</li>
          {runNotice.problems.map((e, i) => (
            <li key={i}>
              {e.path}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
