// The verdicts of Compare fixes in one table — which fix closes which gap, which only makes it
// visible — with each invariant found as a link to its shortest trace (opened with the fixes that
// search ran with), and "Copy table": the same Markdown table as the CLI's `compare --format
// markdown`, for a GitHub comment. While the comparison runs (or once cancelled) the same table
// holds the verdicts so far, `partial`: its own test id and label, and no Copy table (a table of
// some fixes would read as the comparison's).
import { useState } from 'react';
import {
  fixTableMarkdown,
  searchCell,
  verdictCell,
  type Counterexample,
  type ExploreResult,
} from '../../../engine';
import { copyText } from '../../share/download';
import { fixesOn, openCounterexample, setFixes } from '../../store';
import { rowName, type Compared } from './compared';
import { foundIn } from './verdict';

/** A verdict's colour class: violated is bad, holds ok, anything else (not checked) muted. */
const verdictClass = (v: string): string =>
  v === 'violated' ? 'bad' : v === 'holds' ? 'ok' : 'muted';

export function FixVerdictTable({
  done,
  partial = false,
}: {
  readonly done: Compared;
  readonly partial?: boolean;
}) {
  // What Copy table did: a confirmation, or the Markdown itself where the clipboard refused it.
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <>
      {/* Its own sideways scroll: at 1024 px the table is wider than the side column, which
          scrolled sideways as a whole (every panel with it) to show the last columns. */}
      <div className="explorer-compare-scroll" data-testid="compare-scroll">
        <table
          className="explorer-compare-table"
          aria-label={partial ? 'Explorer verdicts per fix so far' : 'Explorer verdicts per fix'}
          data-testid={partial ? 'compare-table-so-far' : 'compare-table'}
        >
          <thead>
            <tr>
              <th>fix</th>
              <th>safety</th>
              <th>liveness</th>
              <th>found</th>
              <th>search</th>
            </tr>
          </thead>
          <tbody>
            {done.rows.map(({ fix, result, without }) => (
              <tr key={without ? ' without' : (fix ?? '')}>
                <td>
                  {fix === null ? rowName(fix, done, without) : <code>{rowName(fix, done)}</code>}
                </td>
                <td className={verdictClass(result.safety)}>{result.safety}</td>
                <td className={verdictClass(result.liveness)}>{result.liveness}</td>
                <td>
                  {result.violations.length === 0
                    ? verdictCell(result)
                    : result.violations.map((v, i) => (
                        <span key={v.invariant}>
                          {i > 0 && ', '}
                          <button
                            type="button"
                            className="link"
                            aria-label={`Open the ${v.invariant} counterexample with ${rowName(fix, done, without)}`}
                            onClick={() => void openWith(done, fix, without, v, result)}
                          >
                            <span className="nowrap">{v.invariant}</span>{' '}
                            <span className="nowrap">({v.length} steps)</span>
                          </button>
                        </span>
                      ))}
                </td>
                <td className="muted">{searchCell(result)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!partial && (
        <button
          type="button"
          onClick={() => {
            const text = fixTableMarkdown(
              done.title,
              done.rows.map((r) => ({
                ...r,
                fix: r.fix === null ? null : rowName(r.fix, done),
                ...(r.without ? { name: rowName(null, done, true) } : {}),
              })),
              done.bounds,
              done.baseline,
            );
            void copyText(text).then((ok) => setCopied(ok ? 'Copied as a Markdown table.' : text));
          }}
        >
          Copy table
        </button>
      )}
      {copied !== null &&
        (copied.startsWith('Copied') ? (
          <span className="muted"> {copied}</span>
        ) : (
          <pre data-testid="compare-markdown">{copied}</pre>
        ))}
    </>
  );
}

/** A row's counterexample in the timeline: the fixes that search ran with are turned on first. */
async function openWith(
  done: Compared,
  fix: string | null,
  without: boolean | undefined,
  v: Counterexample,
  result: ExploreResult,
): Promise<void> {
  const toggles = without ? [] : fix ? [...done.toggles, fix] : done.toggles;
  // Every fix that search had on: the scenario's own stay on in the row without the toggles.
  const own = done.on.filter((f) => !done.toggles.includes(f));
  await setFixes(toggles);
  await openCounterexample({
    invariant: v.invariant,
    trace: v.trace,
    faults: done.faults,
    explore: done.block,
    found: { ...foundIn(result, v.invariant, toggles, fixesOn(toggles, own)), compare: true },
  });
}
