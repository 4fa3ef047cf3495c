// What the application was told about each message, beside where a reader finds it: the facts a
// loss or duplicate argument starts from, at the step shown. A message an invariant names is red
// with the invariant's words; a failed callback for a message its cluster stores all the same (a
// send timeout while the broker had the frame) is marked: Pulsar's contract, not a violation, and
// the duplicate an application retry makes. A copy a reader does not reach (on the bookies past the
// count the ledger list records, refused as fenced, still waiting for the bookies) is listed under
// its message with the Topic panel's reason: seed 001's M1 sits on both bookies at 3:1 and read
// "nowhere", while that very entry is what ledger-entries-match is about. Under a message, what
// its send asked beyond the payload (replicate_to, deliver_at_time, its chunks: OutcomeRow.sentWith)
// — a delayed, chunked or cluster-restricted message read like any other (review 12).
// A loss or duplicate is judged at the step shown, while the Invariants panel quotes each at the
// step it first held: a flag says since when it holds and, when its words moved on (seed 002's
// mark-delete 10:2, then 10:3), how it read then; one that held earlier and not now stays listed as
// past (UX review 13, finding 9).
import { Fragment } from 'react';
import type { OutcomeRow } from '../../../engine';
import { ordinal } from '../../ordinal';
import { sinceText } from './sinceWords';

/** Per message, its copies no reader reaches: `local 3:1 — on 2 bookies, but …`. */
export type UnreadCopies = Readonly<Record<string, readonly string[]>>;

export function OutcomesPanel({
  rows,
  unread = {},
  sends = {},
  step,
}: {
  readonly rows: readonly OutcomeRow[];
  readonly unread?: UnreadCopies;
  /**
   * Per message, each send's outcome as the run's outcomes say it (outcomesOf): a failed send its
   * cluster stores says where — "failed: context deadline exceeded, but stored at 10:0" — which a
   * row of several sends needs: no failed-but-stored flag stands under it once a retry succeeded,
   * and its "stored at" lists both copies without saying whose is which (UX review 23, finding 3).
   */
  readonly sends?: Readonly<Record<string, readonly string[]>>;
  /** The step shown, for a flag's "since" words (absent: none are said). */
  readonly step?: number;
}) {
  return (
    <section className="panel" aria-label="Messages" data-testid="panel-outcomes">
      <h3>Messages</h3>
      {rows.length === 0 ? (
        <p className="muted">The application has sent nothing yet.</p>
      ) : (
        <table className="grid outcomes">
          <thead>
            <tr>
              <th scope="col">message</th>
              <th scope="col">callback</th>
              <th scope="col">stored at</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row
                key={r.msg}
                row={r}
                unread={unread[r.msg] ?? []}
                sends={sends[r.msg]}
                step={step}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Row({
  row,
  unread,
  sends,
  step,
}: {
  readonly row: OutcomeRow;
  readonly unread: readonly string[];
  readonly sends: readonly string[] | undefined;
  readonly step: number | undefined;
}) {
  const bad = row.flags.some((f) => f.kind !== 'failed-but-stored' && !f.past);
  const cls = bad ? 'outcome-bad' : row.flags.length > 0 ? 'outcome-note' : undefined;
  return (
    <>
      <tr className={cls} data-testid={`outcome-${row.msg}`}>
        <th scope="row">
          {row.msg} <small className="muted">{row.producer}</small>
          {row.sentWith.length > 0 && (
            <small className="sent-with" data-testid={`outcome-sent-with-${row.msg}`}>
              {' '}
              {row.sentWith.join(' · ')}
            </small>
          )}
        </th>
        <td>
          {row.callbacks.length === 1
            ? row.callbacks[0]
            : row.callbacks.map((c, i) => (
                <div key={i}>
                  <small className="muted">
                    {i === 0 ? '1st send' : `${ordinal(i + 1)} send (again)`}
                  </small>{' '}
                  {sends?.length === row.callbacks.length ? sends[i] : c}
                </div>
              ))}
        </td>
        <td>
          {row.stored.length === 0 ? (
            <span className="muted">nowhere</span>
          ) : (
            // The space between positions is outside their spans: inside a nowrap span it was no
            // place to break, so the whole list was one unbreakable line that widened the side
            // column (cut at 1024 px).
            row.stored.map((p, i) => (
              <Fragment key={p}>
                <span className="pos">
                  {p}
                  {i < row.stored.length - 1 ? ',' : ''}
                </span>
                {i < row.stored.length - 1 ? ' ' : ''}
              </Fragment>
            ))
          )}
          {row.notYetAt !== null && <small className="muted"> · not at {row.notYetAt} yet</small>}
        </td>
      </tr>
      {row.flags.map((f, i) =>
        f.past ? (
          <tr key={i} className={cls} data-testid={`outcome-past-${row.msg}`}>
            <td colSpan={3}>
              <strong>{f.kind}</strong> held at step {f.since}, not at this step: {f.detail}
            </td>
          </tr>
        ) : (
          <tr key={i} className={cls} data-testid={`outcome-flag-${row.msg}`}>
            <td colSpan={3}>
              <strong className={f.kind === 'failed-but-stored' ? undefined : 'bad'}>
                {f.kind === 'failed-but-stored' ? 'failed, but stored' : f.kind}
              </strong>{' '}
              {f.detail}
              {sinceText(f, step) && <small className="muted"> — {sinceText(f, step)}</small>}
            </td>
          </tr>
        ),
      )}
      {unread.map((u) => (
        <tr key={u} className={cls} data-testid={`outcome-unread-${row.msg}`}>
          <td colSpan={3} className="muted unread">
            also at {u}
          </td>
        </tr>
      ))}
    </>
  );
}
