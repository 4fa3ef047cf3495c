// `faults`: the fault plan, one entry per kind with the fields that kind takes. A fault that names
// something the scenario does not declare, or that could never fire, is an error in the file.
// The per-message kinds are read here; the others each in the file named after what they hit
// (restartProducer, ownershipChange, bookieFaults, topicFaults, sendTimeout, contextExpired).
import type { ClusterConfig } from '../model/config';
import { FAULT_KINDS, type FaultSpec } from '../model/faultPlan';
import type { Reader } from './reader';
import { readLoseAck } from './loseAck';
import { readSendTimeout } from './sendTimeout';
import { readContextExpired } from './contextExpired';
import { sentMessage } from './trigger';
import { faultItem } from './faultItem';
import { readProducerFault } from './restartProducer';
import { readOwnershipChange, readRestartBroker } from './ownershipChange';
import { readBookieFault } from './bookieFaults';
import {
  readExpireMessages,
  readSetDeduplication,
  readTrimTopic,
  readUnloadTopic,
} from './topicFaults';

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
  const allBookies = clusterConfigs.flatMap((c) => c.bookies);
  return raw.flatMap((item, i): FaultSpec[] => {
    const path = `$.faults[${i}]`;
    const o = r.obj(item, path);
    if (!o) return [];
    const kind = r.oneOf(o.kind, `${path}.kind`, FAULT_KINDS);
    const f = faultItem(r, o, path, kind, clusterConfigs, replicated, messages);
    const { cluster, message } = f;
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
            cluster: f.storage(
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
        return readProducerFault(f, kind, names);
      case 'ownership-change':
        return readOwnershipChange(f, movedElsewhere);
      case 'restart-broker':
        return readRestartBroker(f);
      case 'restart-bookie':
      case 'slow-bookie':
        return readBookieFault(f, kind, allBookies);
      case 'send-timeout':
        return [readSendTimeout(r, o, path, clusters, messages, appMessages)];
      case 'context-expired':
        return [readContextExpired(r, o, path, clusters, messages, contextBlocker)];
      case 'unload-topic':
        return readUnloadTopic(f);
      case 'expire-messages':
        return readExpireMessages(f, cursorClusters);
      case 'trim-topic':
        return readTrimTopic(f, writtenClusters);
      case 'set-deduplication':
        return readSetDeduplication(f, i, raw, clusterConfigs);
      case 'duplicate-frames': {
        r.known(o, path, ['kind', 'producer', 'atSend', 'frames']);
        const frames = (r.arr(o.frames, `${path}.frames`) ?? []).map((frame, j) =>
          sentMessage(r, frame, `${path}.frames[${j}]`, messages),
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
