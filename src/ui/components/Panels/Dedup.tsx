// The broker's `MessageDeduplication` watermarks per producer name. An absent name is not -1:
// the broker accepts any sequence id from a name it has no entry for, so it is shown as "none".
// V1 keys by (original) producer name with a sequence id; V2 (PR 23697) keys the replicator's
// name with `_LID` and `_EID`, shown here as one `ledgerId:entryId` source position.
import type { TopicPanel } from '../../../engine';
import { BreakableName } from './breakName';
import { changedClass } from './changed';
import { DedupHousekeeping, housekeepingKeys } from './DedupHousekeeping';

export function DedupPanel({
  topics,
  enabled = [],
  taken = null,
}: {
  readonly topics: readonly TopicPanel[];
  /** The actions enabled at the cursor: the housekeeping ones are offered on their cluster's card. */
  readonly enabled?: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken?: string | null;
}) {
  return (
    <section className="panel" aria-label="Broker dedup" data-testid="panel-dedup">
      <h3>Broker dedup</h3>
      {topics.map((t) => (
        <article
          key={t.cluster}
          className={changedClass(t.changed.dedup, 'card')}
          data-testid={`dedup-${t.cluster}`}
        >
          <header className="card-head">
            <strong>{t.cluster}</strong>
            <span className="muted">
              {t.owner} · deduplication{' '}
              {t.dedupRecovering ? 'switching on (Recovering)' : t.dedupEnabled ? 'on' : 'off'}
            </span>
          </header>
          {t.dedupCursor !== null && (
            <p className="muted" data-testid={`dedup-cursor-${t.cluster}`}>
              Switched on while running: the dedup cursor starts after {t.dedupCursor}, so nothing
              stored up to there is remembered (a reload replays only what follows).
            </p>
          )}
          {t.dedupSnapshot && (
            <p className="muted" data-testid={`dedup-snapshot-${t.cluster}`}>
              Snapshot at {t.dedupSnapshot.position}:{' '}
              {t.dedupSnapshot.names.length > 0 ? t.dedupSnapshot.names.join(', ') : 'no names'} —
              the dedup cursor's mark-delete: a reload starts from it and replays only what follows;
              a trim may delete what lies before.
            </p>
          )}
          {t.dedupInactive && (
            <p className="muted" data-testid={`dedup-inactive-${t.cluster}`}>
              Inactive (disconnected, may be purged): {t.dedupInactive.join(', ')}
            </p>
          )}
          {t.dedupPurged && (
            <p className="muted" data-testid={`dedup-purged-${t.cluster}`}>
              Purged as inactive: {t.dedupPurged.join(', ')} — a send under that name is judged as a
              first one.
            </p>
          )}
          <DedupHousekeeping
            cluster={t.cluster}
            keys={housekeepingKeys(enabled, t.cluster)}
            taken={taken}
          />
          {t.dedupRecovering && (
            <p className="muted" data-testid={`dedup-recovering-${t.cluster}`}>
              Recovering: until the replay from the new cursor completes, every send is written
              without a check and no write is recorded.
            </p>
          )}
          {t.watermarks.length === 0 ? (
            <p className="muted">
              {t.dedupRecovering
                ? 'No sequence ids recorded while Recovering.'
                : t.dedupEnabled
                  ? 'No producer recorded yet.'
                  : // Not "yet": with deduplication off the broker never records one.
                    'Deduplication is off: no sequence ids are recorded, every send is written.'}
            </p>
          ) : (
            <table className="grid dedup-grid">
              <thead>
                <tr>
                  <th>producer</th>
                  <th>
                    highest
                    <wbr />
                    Sequenced
                    <wbr />
                    Pushed
                  </th>
                  <th>
                    highest
                    <wbr />
                    Sequenced
                    <wbr />
                    Persisted
                  </th>
                </tr>
              </thead>
              <tbody>
                {t.watermarks.map((d) => (
                  <tr key={d.name}>
                    <td>
                      <BreakableName name={d.name} />
                      {/* The tag may go to a line of its own: stuck to the name's last piece it
                          made the column too wide for the side column at 1024 px. */}
                      <wbr />
                      {d.kind === 'position' && (
                        <span className="tag" title="V2: the _LID and _EID keys, a source position">
                          _LID:_EID
                        </span>
                      )}
                    </td>
                    <td>{d.pushed}</td>
                    <td>{d.persisted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </article>
      ))}
    </section>
  );
}
