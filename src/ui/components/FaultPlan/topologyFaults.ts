// Which topology faults can be placed at a step, and on which topology node each one sits. The
// fault-plan panel's buttons and the topology graph's node menus both list these, so the two
// offer the same faults with the same labels and the same disabled states.
import {
  connectionPeers,
  faultReason,
  hasExpirableCursor,
  isTrimmable,
  pulsarClientOf,
  replicationLinks,
  type FaultAction,
  type World,
} from '../../../engine';
import { addFault, producerSentence, producerWords, type FaultJson } from '../../store';

export interface TopologyFault {
  /** The button or menu item text, e.g. `disconnect p1`, `move ownership to broker-2`. */
  readonly label: string;
  readonly fault: FaultJson;
  /** Not placeable in this state (a closed connection, a takeover in progress); busy comes on top. */
  readonly disabled: boolean;
  /**
   * Why it is disabled, in words (the engine's faultReason: the same conditions as faultApplies),
   * e.g. `p1's connection is closed already`; null while it can be placed.
   */
  readonly reason: string | null;
  /** The topology node (engine/render/topology ids) whose menu lists it. */
  readonly node: string;
  /** The panel groups its buttons per producer and per cluster. */
  readonly group: string;
}

/** The topology faults placeable after `step` in `world`, in the panel's order. */
export function topologyFaults(world: World, step: number): TopologyFault[] {
  const after = { step };
  const out: TopologyFault[] = [];
  for (const p of Object.values(world.producers)) {
    // A replicator's node id is its producer key (`replicator`, or `replicator:<from>-><to>`).
    const node = p.role === 'app' ? `producer:${p.name}` : p.name;
    const group = `producer:${p.name}`;
    out.push({
      label: disconnectLabel(world, p.name),
      fault: { kind: 'disconnect', producer: p.name, after },
      ...why(world, { kind: 'disconnect', producer: p.name }, p.name),
      node,
      group,
    });
    // The replicator is restarted by its broker, not by a user: only app producers.
    if (p.role === 'app')
      out.push({
        label: `restart ${p.name}`,
        fault: { kind: 'restart-producer', producer: p.name, after },
        ...why(world, { kind: 'restart-producer', producer: p.name }),
        node,
        group,
      });
  }
  // What the validator reads to accept a topic-wide fault: the menus offer the same places.
  const parts = {
    producers: world.config.producers,
    subscriptions: world.config.subscriptions,
    links: replicationLinks(world.config),
  };
  for (const c of world.config.clusters) {
    const topic = world.topics[c.name];
    const bk = topic?.bk ?? null;
    const group = `cluster:${c.name}`;
    // The broker serving the topic is the one that unloads it. With bookies the engine's rule
    // (faultApplies, sim/faults.ts) holds it back while another broker takes the topic over.
    if (topic)
      out.push({
        label: `unload topic at ${c.name}`,
        fault: { kind: 'unload-topic', cluster: c.name, after },
        ...why(world, { kind: 'unload-topic', cluster: c.name }),
        node: `broker:${topic.owner}`,
        group,
      });
    // `pulsar-admin topics unload` (scope "topic"): its close waits for the replicator's producer,
    // so it differs from the bundle unload above only where the topic replicates out (review 17).
    if (topic && replicationLinks(world.config).some((l) => l.cfg.from === c.name))
      out.push({
        label: `topics unload at ${c.name}, waiting for its clients`,
        fault: { kind: 'unload-topic', cluster: c.name, scope: 'topic', after },
        ...why(world, { kind: 'unload-topic', cluster: c.name, scope: 'topic' }),
        node: `broker:${topic.owner}`,
        group,
      });
    // An operator switches the topic's deduplication policy: the item flips what the topic has now
    // (MessageDeduplication.checkStatus), on the broker serving it.
    if (topic) {
      const on = !topic.dedup.enabled;
      out.push({
        label: `switch deduplication ${on ? 'on' : 'off'} at ${c.name}`,
        fault: { kind: 'set-deduplication', cluster: c.name, enabled: on, after },
        ...why(world, { kind: 'set-deduplication', cluster: c.name, enabled: on }),
        node: `broker:${topic.owner}`,
        group,
      });
    }
    // The topic's message TTL passes (PersistentTopic.checkMessageExpiry): offered where the topic
    // has a cursor to expire — a subscription, or a replicator to another cluster.
    if (topic && hasExpirableCursor(c.name, parts))
      out.push({
        label: `message TTL passes at ${c.name}`,
        fault: { kind: 'expire-messages', cluster: c.name, after },
        ...why(world, { kind: 'expire-messages', cluster: c.name }),
        node: `broker:${topic.owner}`,
        group,
      });
    // `pulsar-admin topics trim-topic` (ManagedLedgerImpl.internalTrimLedgers): offered where the
    // validator takes it — a topic that is written to (a producer there, a replication link into
    // it) or starts with two ledgers; the engine's reason holds it back until a ledger before the
    // current one exists.
    if (topic && isTrimmable(c, parts))
      out.push({
        label: `trim the topic at ${c.name} (delete consumed ledgers)`,
        fault: { kind: 'trim-topic', cluster: c.name, after },
        ...why(world, { kind: 'trim-topic', cluster: c.name }),
        node: `broker:${topic.owner}`,
        group,
      });
    // A crash of the broker serving the topic: it restarts and loads the topic again, or — with
    // bookies, where another broker recovers the ledger the dead one never closed — another broker
    // of the cluster loads it. Held back by the engine's rule (faultApplies) like an unload.
    if (topic) {
      const owner = topic.owner;
      const crash = (to: string | null): TopologyFault => ({
        label:
          to === null ? `${owner} crashes and restarts` : `${owner} crashes; ${to} loads the topic`,
        fault:
          to === null
            ? { kind: 'restart-broker', cluster: c.name, after }
            : { kind: 'restart-broker', cluster: c.name, to, after },
        ...why(world, { kind: 'restart-broker', cluster: c.name, to }),
        node: `broker:${owner}`,
        group,
      });
      out.push(crash(null));
      if (bk) for (const b of c.brokers.filter((x) => x !== owner)) out.push(crash(b));
    }
    // With BookKeeper, ownership moves away from the broker the metadata store names as owner:
    // the item sits on that broker, one per other broker it can move to.
    if (bk)
      for (const b of c.brokers.filter((x) => x !== bk.metadata.owner))
        out.push({
          label: `move ownership to ${b}`,
          fault: { kind: 'ownership-change', cluster: c.name, to: b, after },
          ...why(world, { kind: 'ownership-change', cluster: c.name, to: b }),
          node: `broker:${bk.metadata.owner}`,
          group,
        });
    for (const b of c.bookies) {
      out.push({
        label: `slow ${b}`,
        fault: { kind: 'slow-bookie', bookie: b },
        // A property of the bookie's answers from the start, not a step: always placeable.
        disabled: false,
        reason: null,
        node: `bookie:${b}`,
        group,
      });
      // The bookie's process dies and comes back. Held back by the engine's rule (faultApplies)
      // while a fencing read to it is in flight.
      out.push({
        label: `${b} crashes and restarts`,
        fault: { kind: 'restart-bookie', bookie: b, after },
        ...why(world, { kind: 'restart-bookie', bookie: b }),
        node: `bookie:${b}`,
        group,
      });
    }
  }
  return out;
}

/**
 * Disabled, and why, by the engine's rule for the action the item places; a reason that opens
 * with the `producer`'s key says it in words ("The us-east → us-west replicator has no
 * connection"): the engine's text is the CLI's and stays as it is.
 */
function why(
  world: World,
  action: FaultAction,
  producer?: string,
): { disabled: boolean; reason: string | null } {
  const reason = faultReason(world, action);
  return {
    disabled: reason !== null,
    reason: reason !== null && producer ? producerSentence(reason, producer) : reason,
  };
}

/** The faults one topology node's menu lists. */
export const faultsOnNode = (world: World, step: number, node: string): TopologyFault[] =>
  topologyFaults(world, step).filter((f) => f.node === node);

/** The nodes that have a fault menu, as one stable string (a primitive: memo-friendly). */
export const faultNodesKey = (world: World): string =>
  [...new Set(topologyFaults(world, 0).map((f) => f.node))].sort().join(' ');

/** Places a topology fault: the panel's buttons and the node menus go through here. */
export const placeFault = (f: TopologyFault): Promise<void> => addFault(f.fault);

/**
 * `disconnect p1`, or — while p1 shares its client's connection with other producers, which the
 * drop closes too (ClientCnx.channelInactive) — `disconnect p1 (drops app's connection: p1, p2)`.
 */
function disconnectLabel(world: World, name: string): string {
  const peers = connectionPeers(world, name);
  if (peers.length < 2) return `disconnect ${producerWords(name)}`;
  const client = pulsarClientOf(world, name);
  const order = world.config.producers.map((pc) => pc.name);
  const names = [...peers].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return `disconnect ${producerWords(name)} (drops ${client}'s connection: ${names.join(', ')})`;
}
