// `disconnect` and `restart-producer`: the faults that name a producer — its connection drops
// (`ClientCnx.channelInactive`), or its application's process restarts. Only an application's
// producer restarts on its own; the replicator's runs inside a broker and restarts with it.
import { REPLICATOR } from '../model/config';
import type { FaultSpec } from '../model/faultPlan';
import type { FaultItem } from './faultItem';

/** A replicator's producer key: `replicator`, or `replicator:<from>-><to>` with several links. */
const isReplicatorKey = (n: string): boolean => n === REPLICATOR || n.startsWith(`${REPLICATOR}:`);

export function readProducerFault(
  f: FaultItem,
  kind: 'disconnect' | 'restart-producer',
  names: string[],
): FaultSpec[] {
  const { r, o, path } = f;
  r.known(o, path, ['kind', 'producer', 'after']);
  // The replicator's producer lives in the broker serving its source topic: it restarts with
  // that broker (restart-broker) or that topic (unload-topic), never as an application does.
  if (
    kind === 'restart-producer' &&
    typeof o.producer === 'string' &&
    isReplicatorKey(o.producer) &&
    names.includes(o.producer)
  ) {
    const apps = names.filter((n) => !isReplicatorKey(n));
    r.fail(
      `${path}.producer`,
      `an application producer (${apps.map((n) => JSON.stringify(n)).join(' | ')}): restart-producer restarts an application's process, and the replicator's producer runs inside the broker serving ${o.producer === REPLICATOR ? 'the source topic' : o.producer.slice(REPLICATOR.length + 1).split('->')[0]} — restart-broker or unload-topic restarts it`,
      o.producer,
    );
    return [];
  }
  // With several links plain "replicator" names none of them: say which names do.
  if (o.producer === REPLICATOR && !names.includes(REPLICATOR) && names.some(isReplicatorKey)) {
    r.fail(
      `${path}.producer`,
      `one link's replicator — there are several replication links: ${names
        .filter(isReplicatorKey)
        .map((n) => JSON.stringify(n))
        .join(' | ')}`,
      o.producer,
    );
    return [];
  }
  return [
    {
      kind,
      producer:
        r.oneOf(
          o.producer,
          `${path}.producer`,
          kind === 'disconnect' ? names : names.filter((n) => !isReplicatorKey(n)),
        ) ?? '',
      after: f.after(),
    },
  ];
}
