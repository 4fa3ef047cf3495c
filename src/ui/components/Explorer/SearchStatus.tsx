// A search under way or stopped: the progress bar (states, states/s over the time so far, but "in
// under 0.1 s" before 50 ms; depth, queue; full once a search is complete), and the status line that screen readers announce — exploring,
// cancelled (and how fast Cancel took), or failed.
import { fmt } from './verdict';
import type { Search } from './useSearch';

/**
 * Below this much time a rate says nothing: a search that ended before its first progress report
 * (136 states in well under 1 ms) read "136,000 states/s", its time floored at 1 ms.
 */
export const MIN_RATE_SECONDS = 0.05;

/**
 * "12,345 states/s", or, while too little time has passed to say, what is known: the time was under
 * 0.1 s. (It read "— states/s" next to a verdict's "0.0 s", a dash that looked like missing data;
 * UX review 9.)
 */
export const rateOf = (states: number, seconds: number): string =>
  seconds < MIN_RATE_SECONDS ? 'in under 0.1 s' : `${fmt(states / seconds)} states/s`;

/** A search's time as the verdict gives it: "2.3 s", or "under 0.1 s" when it would read "0.0 s". */
export const secondsOf = (seconds: number): string =>
  seconds < MIN_RATE_SECONDS ? 'under 0.1 s' : `${seconds.toFixed(1)} s`;

export function SearchStatus({ search, maxStates }: { search: Search; maxStates: number }) {
  const { progress, outcome, ran, running, seconds } = search;
  // A complete search tried everything within its bounds: its bar is full. Seed 001's twin ended
  // with the bar at a quarter (174,768 of at most 750,000 states), which read as stopped early.
  const full = outcome?.kind === 'done' && outcome.result.complete;
  return (
    <>
      {ran && (progress || running) && (
        <div className="explorer-progress" data-testid="explorer-progress">
          <progress
            aria-label="Explorer progress"
            max={maxStates}
            value={full ? maxStates : Math.min(progress?.states ?? 0, maxStates)}
          />
          <p className="muted">
            {fmt(progress?.states ?? 0)} states{seconds < MIN_RATE_SECONDS ? ' ' : ' · '}
            <span data-testid="explorer-rate">{rateOf(progress?.states ?? 0, seconds)}</span> ·
            depth {progress?.depth ?? 0} · queue {fmt(progress?.queue ?? 0)}
            {ran.from !== null ? ` · from step ${ran.from}` : ''}
          </p>
        </div>
      )}
      <div data-testid="explorer-status" role="status">
        {running && <p>Exploring…</p>}
        {outcome?.kind === 'cancelled' && (
          <p>
            Search cancelled after {fmt(progress?.states ?? 0)} states (stopped{' '}
            <span data-testid="explorer-stop-ms">{Math.round(outcome.stopMs)}</span> ms after
            Cancel).
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p role="alert" className="error-box">
            The search could not run: {outcome.message}
          </p>
        )}
      </div>
    </>
  );
}
