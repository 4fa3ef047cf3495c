// What each cluster's topic stores: ledgers with their entries by position, and the writes still
// in flight to storage (a NotDup publish waiting for its `OpAddEntry`). On a replication target,
// what the source stores and this cluster does not is split: lost (the replicator deleted it at
// the source, in red) and not replicated yet (muted): in the review every message on its way read
// as red "missing" from step 0, so the one real loss did not stand out. A chunked message with
// chunks missing is named beside "stored" (incompleteChunks): chunked-dedup-pr-20948's last step
// read "stored: nothing yet" over an entry holding M1[1/2] (review 12).
import type { TopicPanel as TopicView } from '../../../engine';
import { changedClass } from './changed';

export function TopicPanel({
  topics,
  lost = [],
  expired = [],
}: {
  readonly topics: readonly TopicView[];
  /** Messages the replicator deleted at its source while this target lacks them (lostAtRemote). */
  readonly lost?: readonly string[];
  /** Of `lost`, those a message TTL expired on the replicator's cursor (not its own delete). */
  readonly expired?: readonly string[];
}) {
  return (
    <section className="panel" aria-label="Topic" data-testid="panel-topic">
      <h3>Topic</h3>
      <div className={topics.length > 1 ? 'side-by-side' : undefined}>
        {topics.map((t) => (
          <article key={t.cluster} className="card" data-testid={`topic-${t.cluster}`}>
            <header className="card-head">
              <strong>{t.cluster}</strong>
              <span className="muted">
                stored: {t.stored.length === 0 ? 'nothing yet' : t.stored.join(', ')}
                {incompleteChunks(t).map((c) => ` · ${c}`)}
                {t.fenced ? ' · fenced' : ''}
              </span>
            </header>
            {t.missingFromSource && (
              <NotHere
                from={t.missingFromSource.from}
                cluster={t.cluster}
                msgs={t.missingFromSource.msgs}
                lost={lost}
                expired={expired}
              />
            )}
            <div className={changedClass(t.changed.ledgers)}>
              {t.ledgers.length === 0 && !t.trimmed && <p className="muted">No ledger yet.</p>}
              {t.trimmed?.map((l) => (
                <div
                  key={l.id}
                  className="ledger"
                  data-testid={`trimmed-ledger-${t.cluster}-${l.id}`}
                >
                  <div className="row-label">ledger {l.id} (deleted by a trim)</div>
                  <span className="muted">
                    {l.entries === 1 ? '1 entry' : `${l.entries} entries`}
                    {l.msgs.length > 0 ? ` (${l.msgs.join(', ')})` : ''}, consumed by every durable
                    cursor: no reader gets {l.entries === 1 ? 'it' : 'them'} any more
                  </span>
                </div>
              ))}
              {t.ledgers.map((l) => (
                <div key={l.id} className="ledger">
                  <div className="row-label">
                    ledger {l.id} {l.closed ? '(closed)' : '(open)'}
                  </div>
                  {l.entries.length === 0 && <span className="muted">no entries</span>}
                  <ol className="plain">
                    {l.entries.map((e) => (
                      <li key={e.position} className={e.readable ? undefined : 'unreadable'}>
                        <code>{e.position}</code>{' '}
                        {/* One entry, one chip, as the diagram and pendingMessages write a batch:
                            a chip per message read "10:0 M0M1M2 seq 0" to a copy or a screen
                            reader (UX review 14). */}
                        {e.msgs.length > 0 && <span className="chip">{e.msgs.join('+')}</span>}{' '}
                        <small className="muted">seq {e.sequenceRange}</small>
                        {!e.readable && <small className="muted"> · {e.unreadable}</small>}
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
            {t.pendingWrites.length > 0 && (
              <div className={changedClass(t.changed.pendingWrites, 'row')}>
                <span className="row-label">pending writes</span>
                {t.pendingWrites.map((w, i) => (
                  <span key={i} className="chip">
                    {w.msgs.join('+')} <small>seq {w.sequenceRange}</small>
                  </span>
                ))}
              </div>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}

/** The source's messages this replication target does not store: lost ones apart from late ones. */
function NotHere(props: {
  readonly from: string;
  readonly cluster: string;
  readonly msgs: readonly string[];
  readonly lost: readonly string[];
  readonly expired: readonly string[];
}) {
  const { from, cluster, msgs } = props;
  // An entry the message TTL expired was never replicated: "the replicator deleted it" misled.
  const expired = msgs.filter((m) => props.lost.includes(m) && props.expired.includes(m));
  const lost = msgs.filter((m) => props.lost.includes(m) && !props.expired.includes(m));
  const late = msgs.filter((m) => !props.lost.includes(m));
  const them = (l: readonly string[]) => (l.length === 1 ? 'it' : 'them');
  return (
    <>
      {lost.length > 0 && (
        <p className="bad missing" data-testid={`missing-${cluster}`}>
          missing and lost (the replicator deleted {them(lost)} at {from}): {lost.join(', ')}
        </p>
      )}
      {expired.length > 0 && (
        <p className="bad missing" data-testid={`expired-${cluster}`}>
          missing and lost (the message TTL expired {them(expired)} at {from} before{' '}
          {expired.length === 1 ? 'it was' : 'they were'} replicated): {expired.join(', ')}
        </p>
      )}
      {late.length > 0 && (
        <p className="muted" data-testid={`not-replicated-${cluster}`}>
          not replicated yet ({from} keeps {late.length === 1 ? 'it' : 'them'} for the replicator):{' '}
          {late.join(', ')}
        </p>
      )}
    </>
  );
}

/**
 * The chunked messages a reader of this topic cannot assemble: `M1 incomplete (chunk 1 of 2)`, for
 * each message whose chunk labels (`M1[1/2]`) appear in readable entries while `stored` (complete
 * messages, as the invariants count them) leaves it out; `M1: the consumer's maxPendingChunkedMessage
 * (1) evicted it at 10:1 …` once the reader dropped it (TopicPanel
 * readerDrops); `M1 dropped by the reader (all 2 chunks stored)` when every chunk is there.
 */
export function incompleteChunks(t: TopicView): string[] {
  const seen = new Map<string, { of: string; ids: Set<string> }>();
  for (const l of t.ledgers)
    for (const e of l.entries) {
      if (!e.readable) continue;
      for (const label of e.msgs) {
        const m = /^(.+)\[(\d+)\/(\d+)\]$/.exec(label);
        if (!m || t.stored.includes(m[1]!)) continue;
        const c = seen.get(m[1]!) ?? { of: m[3]!, ids: new Set<string>() };
        c.ids.add(m[2]!);
        seen.set(m[1]!, c);
      }
    }
  // The reader dropped it: in its words, as soon as it did (the pending limit evicts a message
  // before its last chunk is stored; "incomplete" misled there, UX review 19). Every chunk stored
  // and still no message: dropped too (a repeat before PR 20948, a gap, an eviction).
  return [...seen].map(([msg, c]) =>
    t.readerDrops?.[msg] !== undefined
      ? `${msg}: ${t.readerDrops[msg]}`
      : c.ids.size === Number(c.of)
        ? `${msg} dropped by the reader (all ${c.of} chunks stored)`
        : `${msg} incomplete (chunk${c.ids.size > 1 ? 's' : ''} ${[...c.ids].join(', ')} of ${c.of})`,
  );
}
