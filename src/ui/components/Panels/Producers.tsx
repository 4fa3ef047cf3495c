// Each producer's client-side state: the sequence watermarks, the open batch, the pending queue's
// permits (only with `maxPendingMessages`), and `pendingMessages` (sent, not yet completed) with
// the id range each op carries on the wire. A Go send the application waits in has a ⚡ beside its
// wait (BlockedSendFault: context-expired).
import { Fragment } from 'react';
import { REPLICATOR, type ProducerPanel } from '../../../engine';
import { FaultMenu } from '../FaultPlan/FaultMenu';
import { ALL_FAULTS } from '../FaultPlan/messageFaultKinds';
import { faultsAt, useClustersWithBookies } from '../FaultPlan/messageFaults';
import { changedClass } from './changed';
import { pendingOpsName } from '../../clientWords';
import { BlockedSendFault } from './BlockedSendFault';
import { MemoryLimitRow } from './MemoryLimitRow';

/**
 * On the replicator's card with V2 dedup: GeoReplicationProducerImpl completes a send by its source
 * position (Case 1/2/3 of ackReceivedReplicatedMsg), and uses the inherited sequence watermarks
 * only for replication markers (its updateLastSeqPushed override), which are not modelled; so
 * lastSequenceIdPublished stays -1 while lastSequenceIdPushed counts sends (seed 000: 2 and -1).
 */
export const REPLICATOR_WATERMARKS_NOTE =
  'GeoReplicationProducerImpl uses these two only for replication markers (not modelled here): with V2 dedup a replicated send is completed by its source position (lastPersistedSource, in the Replication panel), so lastSequenceIdPublished -1 is expected, not a lost send.';

export function ProducersPanel({
  producers,
  replicationDedup = null,
}: {
  readonly producers: readonly ProducerPanel[];
  /** The replicator's dedup as it runs (V2 with pr-23697 on), null without geo-replication. */
  readonly replicationDedup?: 'v1' | 'v2' | null;
}) {
  // Only the faults the validator accepts at the cluster the sends go to (no persist-fails where
  // the topic is on bookies).
  const bookies = useClustersWithBookies();
  return (
    <section className="panel" aria-label="Producers" data-testid="panel-producers">
      <h3>Producers</h3>
      {producers.map((p) => (
        <article key={p.name} className="card">
          <header className="card-head">
            <strong>{p.name}</strong>
            <span className="muted">
              {/* The replicator's card read "java client · us-west", as if it ran there: it runs
                  in the source cluster's broker and produces to the remote (UX review 14). */}
              {p.client} client ·{' '}
              {p.runsInBrokerOf !== null
                ? `in ${p.runsInBrokerOf}'s broker, producing to ${p.sendsTo}`
                : p.cluster}{' '}
              · {p.state} · instance {p.instance}
            </span>
          </header>
          <dl className={changedClass(p.changed.watermarks, 'kv')}>
            {p.watermarks.map((m) => (
              <Fragment key={m.name}>
                <dt>{m.name}</dt>
                <dd>{m.value}</dd>
              </Fragment>
            ))}
          </dl>
          {(p.name === REPLICATOR || p.name.startsWith(`${REPLICATOR}:`)) &&
            replicationDedup === 'v2' && (
              <p className="muted card-note" data-testid="replicator-watermarks-note">
                {REPLICATOR_WATERMARKS_NOTE}
              </p>
            )}
          <div className={changedClass(p.changed.batch, 'row')}>
            <span className="row-label">batch</span>
            {p.batch.length === 0 ? (
              <span className="muted">empty</span>
            ) : (
              p.batch.map((m, i) => (
                <span key={i} className="chip">
                  {m.msg} <small>seq {m.seq}</small>
                </span>
              ))
            )}
            {p.batchBytes && (
              <small className="muted" data-testid="batch-bytes">
                {' '}
                {p.batchBytes.bytes.toLocaleString('en-US')} of{' '}
                {p.batchBytes.limit.toLocaleString('en-US')} bytes
              </small>
            )}
          </div>
          {p.pendingQueue && (
            // Why a send waits or is refused: the semaphore's permits, drawn as the engine words them.
            <div
              className={changedClass(p.pendingQueue.changed, 'row')}
              data-testid="pending-queue"
            >
              {/* The spaces keep the text readable when copied or read aloud (flex drops them). */}
              <span className="row-label">maxPendingMessages</span>{' '}
              <span className="pending-queue-text">
                {p.pendingQueue.permits}
                {p.pendingQueue.leak && (
                  <>
                    {' '}
                    <span className="bad" data-testid="pending-queue-leak">
                      {p.pendingQueue.leak}
                    </span>
                  </>
                )}
                {p.pendingQueue.waiting && (
                  // The application is held in sendAsync: the send is in no other panel yet.
                  <>
                    {' '}
                    <span className="bad" data-testid="pending-queue-waiting">
                      · {p.pendingQueue.waiting}
                    </span>
                    <BlockedSendFault producers={[p.name]} place="producers-queue" />
                  </>
                )}
              </span>
            </div>
          )}
          {p.memoryLimit && <MemoryLimitRow memory={p.memoryLimit} />}
          <div className={changedClass(p.changed.pending, 'row')}>
            <span className="row-label">{pendingOpsName(p.client)}</span>
            {p.pendingMessages.length === 0 && <span className="muted">none</span>}
            <ol className="plain">
              {p.pendingMessages.map((op) => (
                <li key={op.opId}>
                  <span className="chip">{op.msgs.join('+')}</span> seq {op.sequenceRange}
                  {op.sourcePositions.length > 0 && (
                    <small className="muted"> source {op.sourcePositions.join('+')}</small>
                  )}
                  {op.msgs.map((m, i) => (
                    <FaultMenu
                      key={m}
                      place="producers"
                      message={op.msgIds[i] ?? m}
                      part={m}
                      cluster={p.sendsTo}
                      kinds={faultsAt(ALL_FAULTS, p.sendsTo, bookies)}
                    />
                  ))}
                  {op.localBufferCorrupted && (
                    <span className="tag tag-bad">local buffer corrupted</span>
                  )}
                </li>
              ))}
            </ol>
          </div>
        </article>
      ))}
    </section>
  );
}
