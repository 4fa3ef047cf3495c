// One entry of the source topic in the replicator's strip: where its cursor stands on it (read
// position, mark-deleted, individually deleted — each with a text label, not colour alone), what
// the message TTL and replicate_to did to it, whether its send is in flight or it is lost at the
// remote, and, with `replication.cursorWrites: "in-flight"`, a delete the cursor ledger does not
// hold yet.
import type { SourceEntryView } from '../../../engine';

/**
 * What the message TTL did to an entry, in words. An entry whose send was already in flight is not
 * lost by it: the send goes on and the remote stores it ("expired" alone read as a loss beside a
 * remote that holds the message — review 17, row t01).
 */
export function ttlWords(e: SourceEntryView, to: string): string {
  if (e.expiredSend === 'stored-at-remote')
    return `expired by the message TTL, but stored at ${to}: its send was already in flight`;
  if (e.expiredSend === 'in-flight')
    return 'expired by the message TTL while its send was in flight (the send goes on)';
  return 'expired by the message TTL';
}

function labelsOf(e: SourceEntryView, to: string, memoryOnly: boolean): string[] {
  const out: string[] = [];
  if (e.atReadPosition) out.push('read position');
  if (e.markDeleted) out.push('mark-deleted');
  if (e.individuallyDeleted) out.push('individually deleted');
  if (memoryOnly) out.push('deleted in memory only, not in the cursor ledger yet');
  if (e.expired) out.push(ttlWords(e, to));
  if (e.skipped) out.push(`skipped: ${e.skipped}`);
  if (e.pending) out.push('in flight');
  if (e.lostAtRemote) out.push('deleted but not at the remote');
  return out;
}

export function SourceEntry({
  e,
  to,
  memoryOnly = false,
}: {
  readonly e: SourceEntryView;
  readonly to: string;
  /** Deleted on the cursor in memory, not in its ledger (`cursorWrites: "in-flight"`). */
  readonly memoryOnly?: boolean;
}) {
  const labels = labelsOf(e, to, memoryOnly);
  const cls = [
    'strip-entry',
    e.markDeleted && 'is-mark-deleted',
    e.individuallyDeleted && 'is-deleted',
    e.atReadPosition && 'is-read',
    e.pending && 'is-pending',
    e.lostAtRemote && 'is-lost',
  ]
    .filter(Boolean)
    .join(' ');
  const name = e.msgs.length > 0 ? (e.names ?? e.msgs).join('+') : '—';
  return (
    <li
      className={cls}
      data-position={e.position}
      aria-label={`${e.position} ${name}${labels.length ? ': ' + labels.join(', ') : ''}`}
    >
      {e.atReadPosition && (
        <span className="strip-read" aria-hidden="true">
          ▼ read
        </span>
      )}
      <code>{e.position}</code>
      <span className="strip-msg">{name}</span>
      <span className="strip-flags" aria-hidden="true">
        {e.markDeleted && <abbr title="mark-deleted">MD</abbr>}
        {e.individuallyDeleted && <abbr title="individually deleted">del</abbr>}
        {memoryOnly && (
          <abbr title="deleted in memory only: the cursor ledger does not hold it yet">mem</abbr>
        )}
        {e.expired && <abbr title={ttlWords(e, to)}>TTL</abbr>}
        {e.expiredSend === 'stored-at-remote' && (
          <abbr title={`stored at ${to}: its send was already in flight when the TTL expired it`}>
            stored
          </abbr>
        )}
        {e.skipped && <abbr title={`skipped unsent: ${e.skipped}`}>skip</abbr>}
        {e.pending && <abbr title="in flight (pending at the geo producer)">sent</abbr>}
        {e.lostAtRemote && <abbr title="deleted at the source, absent at the remote">LOST</abbr>}
      </span>
    </li>
  );
}
