// A finished search: the verdict, safety and liveness apart, the faults and fixes searched, and
// each violated invariant with its trace length and a button that opens the counterexample as a
// branch. A verdict found with other fixes than the toggles show now says so (a UX review: after
// turning guard-rewind on, the verdict found without it stayed on screen as if it were the fix's),
// and its counterexample opens with the fixes it was found with. Read beside the search before it
// with other fixes (./beside.ts), each invariant says "still open" or "new", and one no longer
// found says "closed"; each shortest trace names the faults it takes (UX review 24).
import type { ExploreResult } from '../../../engine';
import {
  fixesOn,
  openCounterexample,
  scenarioOf,
  setFixes,
  useApp,
  type FoundBy,
} from '../../store';
import { wholeWords } from '../Panels/breakName';
import { besideWords, closedWords, traceFaultsText, type Searched } from './beside';
import { secondsOf } from './SearchStatus';
import {
  faultsText,
  fixesText,
  foundIn,
  judged,
  meaningOf,
  sameFixes,
  verdictOf,
  type Ran,
} from './verdict';

export function Results({
  result,
  seconds,
  ran,
  beside = null,
}: {
  result: ExploreResult;
  seconds: number;
  ran: Ran;
  /** The search before this one, with other fixes (./beside.ts besideOf), if any. */
  beside?: Searched | null;
}) {
  const now = useApp((s) => s.fixes);
  const own = useApp((s) => scenarioOf(s)?.fixes);
  const stale = !sameFixes(now, ran.fixes);
  const onNow = fixesOn(ran.fixes, own);
  const onThen = beside ? fixesOn(beside.ran.fixes, own) : [];
  const closed = beside ? closedWords(result, beside.result, onNow, onThen) : [];
  return (
    <div className="explorer-results" data-testid="explorer-results">
      <p data-testid="explorer-verdict">
        <strong>{verdictOf(result)}</strong> ({secondsOf(seconds)})
      </p>
      <p className="muted explorer-meaning" data-testid="explorer-meaning">
        {meaningOf(result.complete)}
      </p>
      <ul className="plain">
        <li>
          Safety: <strong>{judged(result.safety, result.complete)}</strong>
        </li>
        <li>
          Liveness: <strong>{wholeWords(judged(result.liveness, result.complete))}</strong>
          {result.liveness === 'not-applicable' && (
            // A bare "not-applicable" left a reader guessing what was not checked (review 12).
            <span className="muted" data-testid="explorer-liveness-why">
              {' '}
              {wholeWords(
                '— no replication here: liveness is replication-progress, a replicated message reaching every cluster it is sent for',
              )}
            </span>
          )}
        </li>
        <li className="muted" data-testid="explorer-faults">
          Faults searched: {wholeWords(faultsText(ran))}
        </li>
        <li className="muted" data-testid="explorer-fixes">
          Fixes on: {fixesText(fixesOn(ran.fixes, own))}
        </li>
      </ul>
      {stale && (
        <p className="explorer-stale" role="note" data-testid="explorer-stale">
          {staleText(fixesOn(ran.fixes, own), fixesOn(now, own))}
        </p>
      )}
      {closed.length > 0 && (
        <ul className="plain" data-testid="explorer-closed">
          {closed.map((line) => (
            <li key={line} className="ok">
              {line}
            </li>
          ))}
        </ul>
      )}
      {result.violations.length > 0 && (
        <ol className="plain explorer-violations">
          {result.violations.map((v) => (
            <li key={v.invariant} data-testid={`explorer-violation-${v.invariant}`}>
              <strong>{v.invariant}</strong> — trace of {v.length} steps
              {beside && <Beside words={besideWords(v, beside.result, onNow, onThen)} />}
              <div className="muted">{v.detail}</div>
              <div className="muted" data-testid={`explorer-trace-faults-${v.invariant}`}>
                {traceFaultsText(v.trace)}
              </div>
              <button
                type="button"
                aria-label={`Open the ${v.invariant} counterexample`}
                onClick={() =>
                  void openWith(
                    ran,
                    stale,
                    v,
                    foundIn(result, v.invariant, ran.fixes, onNow, beside && { ...beside, onThen }),
                  )
                }
              >
                Open in the timeline
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** "Still open" (found with the other fixes too) stands out; "new" is said plainly. */
function Beside({ words }: { words: { open: boolean; text: string } }) {
  return (
    <div className={words.open ? 'explorer-still-open' : 'muted'} data-testid="explorer-beside">
      {words.open ? <strong>{words.text}</strong> : words.text}
    </div>
  );
}

/** What a verdict found with other fixes than those on now says. */
export function staleText(then: readonly string[], now: readonly string[]): string {
  const on = (f: readonly string[]) => (f.length === 0 ? 'no fixes' : fixesText(f));
  return `Found with ${on(then)} on; now ${on(now)} ${now.length === 1 ? 'is' : 'are'} on. Explore again for a verdict with these; Open in the timeline turns the search's fixes back on.`;
}

/** A counterexample replays only with the fixes its search ran with: those go back on first. */
async function openWith(
  ran: Ran,
  stale: boolean,
  v: ExploreResult['violations'][number],
  found: FoundBy,
): Promise<void> {
  if (stale) await setFixes(ran.fixes);
  await openCounterexample({
    invariant: v.invariant,
    trace: v.trace,
    faults: ran.faults,
    explore: ran.block,
    found,
  });
}
