// One entry of the fault plan as its kind's reader sees it: the object and its path, and the reads
// several kinds share — the cluster a per-message fault names, the message, `after`, whether the
// kind can fire on a cluster's storage — so that each kind's file reads only its own fields.
import type { ClusterConfig } from '../model/config';
import type { FaultKind, Trigger } from '../model/faultPlan';
import { kindFitsStorage } from '../model/faultScope';
import type { Reader } from './reader';
import { readTrigger, sentMessage } from './trigger';

export interface FaultItem {
  readonly r: Reader;
  readonly o: Record<string, unknown>;
  readonly path: string;
  readonly clusters: string[];
  /** The cluster a per-message fault names (with replication it must say whose broker rejects). */
  cluster(): string;
  /** The message the fault names: one the workload sends or topic.ledgers holds. */
  message(): string;
  /** When a topology fault fires. */
  after(): Trigger;
  /** `c`, refused when the kind could never fire on its storage (`why`: what fits instead). */
  storage(c: string, why: string): string;
  /** The brokers a cluster lists, the first serving its topic from the start. */
  brokers(cluster: string): readonly string[];
}

export function faultItem(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  kind: FaultKind | null,
  clusterConfigs: readonly ClusterConfig[],
  replicated: boolean,
  messages: readonly string[],
): FaultItem {
  const clusters = clusterConfigs.map((c) => c.name);
  return {
    r,
    o,
    path,
    clusters,
    // With replication a per-message fault must say which cluster's broker rejects the send.
    cluster: () =>
      o.cluster === undefined && clusters.length === 1 && !replicated
        ? clusters[0]!
        : (r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? ''),
    message: () => sentMessage(r, o.message, `${path}.message`, messages),
    after: () => readTrigger(r, o.after, `${path}.after`, clusters, messages),
    // A fault that could never fire is a mistake in the file, not a quiet no-op.
    storage: (c, why) => {
      const bk = (clusterConfigs.find((x) => x.name === c)?.bookies.length ?? 0) > 0;
      if (c !== '' && kind !== null && !kindFitsStorage(kind, bk))
        r.fail(
          `${path}.cluster`,
          bk
            ? `a cluster with abstract storage, no bookies (${why})`
            : `a cluster that lists bookies (${why})`,
          c,
        );
      return c;
    },
    brokers: (cluster) => clusterConfigs.find((c) => c.name === cluster)?.brokers ?? [],
  };
}
