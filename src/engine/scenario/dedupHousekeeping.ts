// `topic.deduplicationEntriesInterval`, `topic.deduplicationSnapshotTimer`,
// `topic.deduplicationInactivityPurge` and `topic.deduplicationMaxNumberOfProducers`: the broker's
// dedup snapshots and inactive-producer purge (MessageDeduplicationSnapshot.ts), each once for every
// cluster or per cluster like `topic.deduplication`. Its own file because clusters.ts reads the
// topic's storage settings, and these are `MessageDeduplication`'s own (broker.conf).
import type { DedupHousekeeping } from '../model/config';
import { own, type Reader } from './reader';
import { readPerCluster } from './clusters';

export const DEDUP_HOUSEKEEPING_KEYS = [
  'deduplicationEntriesInterval',
  'deduplicationSnapshotTimer',
  'deduplicationInactivityPurge',
  'deduplicationMaxNumberOfProducers',
] as const;

/** Per cluster, the settings given (a cluster with none is absent from the result). */
export function readDedupHousekeeping(
  r: Reader,
  topic: Record<string, unknown>,
  names: string[],
): Record<string, DedupHousekeeping> {
  const count = (key: string, what: string) =>
    readPerCluster(
      r,
      topic[key],
      `$.topic.${key}`,
      names,
      'number',
      (x, p) => r.int(x, p, 1),
      what,
    );
  const flag = (key: string) =>
    readPerCluster(
      r,
      topic[key],
      `$.topic.${key}`,
      names,
      'boolean',
      (x, p) => r.bool(x, p),
      'true or false',
    );
  // brokerDeduplicationEntriesInterval: a snapshot every N writes (Pulsar's default 1000, never reached in a run).
  const interval = count('deduplicationEntriesInterval', 'a number of entries');
  // The two timers have no clock here: true offers their action wherever it could fire.
  const timer = flag('deduplicationSnapshotTimer');
  const purge = flag('deduplicationInactivityPurge');
  const cap = count('deduplicationMaxNumberOfProducers', 'a number of producer names');
  const out: Record<string, DedupHousekeeping> = {};
  for (const n of names) {
    const h: DedupHousekeeping = {
      ...(own(interval, n) === undefined ? {} : { entriesInterval: own(interval, n) }),
      ...(own(timer, n) === true ? { snapshotTimer: true as const } : {}),
      ...(own(purge, n) === true ? { inactivityPurge: true as const } : {}),
      ...(own(cap, n) === undefined ? {} : { maxNumberOfProducers: own(cap, n) }),
    };
    if (Object.keys(h).length > 0) out[n] = h;
  }
  return out;
}
