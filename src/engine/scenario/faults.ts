// `faults`: the fault plan, one entry per kind with the fields that kind takes. A fault that names
// something the scenario does not declare, or that could never fire, is an error in the file.
import { type ClusterConfig, REPLICATOR } from '../model/config';
import { FAULT_KINDS, type FaultSpec, kindFitsStorage } from '../model/faultPlan';
import type { Reader } from './reader';
import { readLoseAck } from './loseAck';
import { readSendTimeout } from './sendTimeout';
import { readContextExpired } from './contextExpired';
import { readTrigger, sentMessage } from './trigger';

/** A replicator's producer key: `replicator`, or `replicator:<from>-><to>` with several links. */
const isReplicatorKey = (n: string): boolean => n === REPLICATOR || n.startsWith(`${REPLICATOR}:`);

export function readFaults(
  r: Reader,
  v: unknown,
  clusterConfigs: readonly ClusterConfig[],
  names: string[],
  replicated: boolean,
  messages: readonly string[],
  appMessages: readonly string[],
  /** Whether another fault of the plan, the schedule or the explore block can move `cluster`'s topic away from `first`. */
  movedElsewhere: (cluster: string, first: string) => boolean = () => false,
  /** Clusters whose topic has a cursor a message TTL can expire: a subscription, or a replication link from it. */
  cursorClusters: readonly string[] = clusterConfigs.map((c) => c.name),
  /** Clusters whose topic is written to (a producer there, a replication link into it) or starts with two ledgers or more. */
  writtenClusters: readonly string[] = clusterConfigs.map((c) => c.name),
  /** Subscriptions whose acknowledgements travel on their own (`acks: "in-flight"`): what lose-ack can hit. */
  ackSubscriptions: readonly { readonly name: string; readonly cluster: string }[] = [],
  /** Why no send of a message can wait with a Go context (context-expired), or null when one can. */
  contextBlocker: (msg: string) => string | null = () => null,
): FaultSpec[] {
  const raw = v === undefined ? [] : (r.arr(v, '$.faults') ?? []);
  const clusters = clusterConfigs.map((c) => c.name);
  const allBrokers = (cluster: string) =>
    clusterConfigs.find((c) => c.name === cluster)?.brokers ?? [];
  const allBookies = clusterConfigs.flatMap((c) => c.bookies);
  // A bookie fault in a scenario without BookKeeper: say what to add rather than list no options.
  const noBookies = (v: unknown, at: string): boolean => {
    if (allBookies.length > 0) return false;
    r.fail(
      at,
      'a bookie a cluster lists, but no cluster lists "bookies" (storage is abstract; give a cluster "bookies" to model BookKeeper)',
      v,
    );
    return true;
  };
  return raw.flatMap((item, i): FaultSpec[] => {
    const path = `$.faults[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    const kind = r.oneOf(o.kind, `${path}.kind`, FAULT_KINDS);
    // With replication a per-message fault must say which cluster's broker rejects the send.
    const cluster = () =>
      o.cluster === undefined && clusters.length === 1 && !replicated
        ? clusters[0]!
        : (r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '');
    const message = () => sentMessage(r, o.message, `${path}.message`, messages);
    // A fault that could never fire is a mistake in the file, not a quiet no-op.
    const storage = (c: string, why: string): string => {
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
    };
    switch (kind) {
      case null:
        return [];
      case 'lose-receipt':
        r.known(o, path, ['kind', 'message', 'cluster']);
        return [{ kind, message: message(), cluster: cluster() }];
      case 'lose-ack': {
        r.known(o, path, ['kind', 'message', 'cluster', 'subscription']);
        return readLoseAck(r, o, path, message(), cluster(), ackSubscriptions);
      }
      case 'persist-fails':
        r.known(o, path, ['kind', 'message', 'cluster']);
        return [
          {
            kind,
            message: message(),
            cluster: storage(
              cluster(),
              'persist-fails fails one append of abstract storage; with bookies use slow-bookie or ownership-change',
            ),
          },
        ];
      case 'checksum-error':
        r.known(o, path, ['kind', 'message', 'cluster', 'localBufferCorrupted']);
        return [
          {
            kind,
            message: message(),
            cluster: cluster(),
            localBufferCorrupted:
              o.localBufferCorrupted === undefined
                ? true
                : (r.bool(o.localBufferCorrupted, `${path}.localBufferCorrupted`) ?? true),
          },
        ];
      case 'not-allowed':
        r.known(o, path, ['kind', 'message', 'cluster', 'times']);
        return [
          {
            kind,
            message: message(),
            cluster: cluster(),
            times: o.times === undefined ? -1 : (r.int(o.times, `${path}.times`, 1) ?? 1),
          },
        ];
      case 'disconnect':
      case 'restart-producer':
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
        if (
          o.producer === REPLICATOR &&
          !names.includes(REPLICATOR) &&
          names.some(isReplicatorKey)
        ) {
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
            after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
          },
        ];
      case 'ownership-change': {
        r.known(o, path, ['kind', 'cluster', 'to', 'after']);
        const c = storage(cluster(), 'ownership moves with the ledger its bookies hold');
        // One broker: the only name to offer is the one serving the topic, which is refused below.
        const lone = allBrokers(c).length === 1;
        if (lone)
          r.fail(
            `${path}.to`,
            `a broker of cluster ${c} other than ${allBrokers(c)[0]}, but it lists only that one (ownership moves between the brokers of one cluster: add one to its "brokers")`,
            o.to,
          );
        const to = lone ? '' : (r.oneOf(o.to, `${path}.to`, allBrokers(c)) ?? '');
        // The fault moves the topic to a broker not serving it: to the first broker, which serves
        // it from the start, only after another fault moved it away — of the plan, a schedule key,
        // or one the explorer may place.
        const first = allBrokers(c)[0];
        if (to !== '' && to === first && !movedElsewhere(c, first))
          r.fail(
            `${path}.to`,
            `a broker other than ${first}, which serves the topic from the start (no other fault of the plan moves it away)`,
            to,
          );
        return [
          {
            kind,
            cluster: c,
            to,
            after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
          },
        ];
      }
      case 'restart-broker': {
        // Either storage: without bookies the reload is an unload's, with them a takeover's.
        r.known(o, path, ['kind', 'cluster', 'to', 'after']);
        const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
        const to = o.to === undefined ? null : (r.oneOf(o.to, `${path}.to`, allBrokers(c)) ?? null);
        return [
          {
            kind,
            cluster: c,
            to,
            after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
          },
        ];
      }
      case 'restart-bookie': {
        r.known(o, path, ['kind', 'bookie', 'after']);
        if (noBookies(o.bookie, `${path}.bookie`)) return [];
        return [
          {
            kind,
            bookie: r.oneOf(o.bookie, `${path}.bookie`, allBookies) ?? '',
            after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
          },
        ];
      }
      case 'slow-bookie': {
        r.known(o, path, ['kind', 'bookie', 'message']);
        if (noBookies(o.bookie, `${path}.bookie`)) return [];
        const bookie = r.oneOf(o.bookie, `${path}.bookie`, allBookies) ?? '';
        return [o.message === undefined ? { kind, bookie } : { kind, bookie, message: message() }];
      }
      case 'send-timeout':
        return [readSendTimeout(r, o, path, clusters, messages, appMessages)];
      case 'context-expired':
        return [readContextExpired(r, o, path, clusters, messages, contextBlocker)];
      case 'unload-topic': {
        r.known(o, path, ['kind', 'cluster', 'scope', 'after']);
        const cluster = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
        // "topic": pulsar-admin topics unload (its close waits for its clients); "bundle", the default: a bundle unload.
        const scope =
          o.scope === undefined ? 'bundle' : r.oneOf(o.scope, `${path}.scope`, ['topic', 'bundle']);
        const after = readTrigger(r, o.after, `${path}.after`, clusters, messages);
        return [scope === 'topic' ? { kind, cluster, scope, after } : { kind, cluster, after }];
      }
      case 'expire-messages': {
        r.known(o, path, ['kind', 'cluster', 'after']);
        const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
        // The TTL expires cursors: a topic with none (no subscription, no replicator) has nothing to expire.
        if (c !== '' && !cursorClusters.includes(c))
          r.fail(
            `${path}.cluster`,
            `a cluster with a subscription or a replication link from it (the message TTL expires their cursors; ${c} has neither)`,
            c,
          );
        return [
          { kind, cluster: c, after: readTrigger(r, o.after, `${path}.after`, clusters, messages) },
        ];
      }
      case 'trim-topic': {
        r.known(o, path, ['kind', 'cluster', 'after']);
        const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
        // A trim deletes ledgers before the current one: a topic nothing writes to never has one.
        if (c !== '' && !writtenClusters.includes(c))
          r.fail(
            `${path}.cluster`,
            `a cluster whose topic is written to — a producer there or a replication link into it (a trim deletes ledgers a write closed; ${c}'s topic is never written and starts with one ledger)`,
            c,
          );
        return [
          { kind, cluster: c, after: readTrigger(r, o.after, `${path}.after`, clusters, messages) },
        ];
      }
      case 'set-deduplication': {
        r.known(o, path, ['kind', 'cluster', 'enabled', 'after']);
        const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
        const enabled = r.bool(o.enabled, `${path}.enabled`) ?? false;
        // A switch to what the topic already has, with no other switch of the plan in between, is a no-op.
        const start = clusterConfigs.find((x) => x.name === c)?.deduplication;
        const others = raw.some(
          (x, j) =>
            j !== i &&
            typeof x === 'object' &&
            x !== null &&
            (x as Record<string, unknown>).kind === 'set-deduplication' &&
            (x as Record<string, unknown>).cluster === c,
        );
        if (c !== '' && typeof o.enabled === 'boolean' && enabled === start && !others)
          r.fail(
            `${path}.enabled`,
            `${!start}: cluster ${c} starts with deduplication ${start ? 'on' : 'off'} and no other fault of the plan switches it`,
            enabled,
          );
        return [
          {
            kind,
            cluster: c,
            enabled,
            after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
          },
        ];
      }
      case 'duplicate-frames': {
        r.known(o, path, ['kind', 'producer', 'atSend', 'frames']);
        const frames = (r.arr(o.frames, `${path}.frames`) ?? []).map((f, j) =>
          sentMessage(r, f, `${path}.frames[${j}]`, messages),
        );
        return [
          {
            kind,
            producer: r.oneOf(o.producer, `${path}.producer`, names) ?? '',
            atSend: r.int(o.atSend, `${path}.atSend`, 1) ?? 1,
            frames,
          },
        ];
      }
    }
    return [];
  });
}
