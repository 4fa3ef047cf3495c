// The dedup housekeeping a user can make happen next, in the Dedup panel where its outcome shows
// (the snapshot line, the purged names): the snapshot timer (`dedup-snapshot:<cluster>`,
// MessageDeduplication.takeSnapshot) and the purge of an inactive producer
// (`dedup-purge:<cluster>:<name>`, purgeInactiveProducers). The model has no clock, so each is an
// action offered while it would do something; Next actions lists it among every other, by its key,
// and a reader of this panel did not find it there. A button here is that same choice (pickAction):
// the action this trace takes next steps forward, any other forks the timeline, as in Next actions.
import { ActionChoice } from '../NextActions/ActionChoice';

/** The housekeeping keys of `enabled` for `cluster`, snapshot first, then purges by name. */
export function housekeepingKeys(enabled: readonly string[], cluster: string): string[] {
  return enabled.filter(
    (k) => k === `dedup-snapshot:${cluster}` || k.startsWith(`dedup-purge:${cluster}:`),
  );
}

/** A key as its button says it. */
function label(key: string, cluster: string): string {
  if (key === `dedup-snapshot:${cluster}`) return 'Store a snapshot now (the snapshot timer fires)';
  const name = key.slice(`dedup-purge:${cluster}:`.length);
  return `Purge ${name} now (its inactivity timeout passed)`;
}

export function DedupHousekeeping({
  cluster,
  keys,
  taken,
}: {
  readonly cluster: string;
  /** This cluster's housekeeping actions enabled at the cursor. */
  readonly keys: readonly string[];
  /** The key this trace takes next, if any. */
  readonly taken: string | null;
}) {
  if (keys.length === 0) return null;
  return (
    <div className="row" data-testid={`dedup-housekeeping-${cluster}`}>
      <span className="row-label">can happen next</span>{' '}
      {keys.map((key) => (
        <ActionChoice key={key} actionKey={key} taken={key === taken}>
          {label(key, cluster)}
        </ActionChoice>
      ))}
    </div>
  );
}
