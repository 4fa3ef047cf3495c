// A PulsarClient's connection pool: producers of one PulsarClient (`producers[].pulsarClient`)
// share one TCP connection per broker (Java `ConnectionPool.getConnection`, Go
// `connectionPool.GetConnection`: one connection per broker address by default). Their channels stay apart here — each is what one producer has
// registered on that connection — but the connection's order and its life are shared: frames of
// all of them leave and arrive in the order they were written (`connectionHead`), and a drop of
// the connection (`dropConnection`) closes every one of them at once (`ClientCnx.channelInactive`).
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import type { Ctx } from '../sim/context';
import { closeConnection } from './ClientCnx';
import { earlierInstancesGone } from './AbstractTopic';

/** The `pulsarClient` producer `name` was created by; undefined: a client of its own. */
export const pulsarClientOf = (w: World, name: string): string | undefined =>
  w.config.producers.find((pc) => pc.name === name)?.pulsarClient;

/**
 * The producers whose open channel rides the TCP connection `name`'s does, `name` first: those of
 * the same `pulsarClient` registered with the same broker (a pooled connection is per broker
 * address). A producer with a client of its own rides alone; a closed channel rides nothing.
 */
export function connectionPeers(w: World, name: string): string[] {
  const ch = w.channels[name];
  if (!ch?.open) return [];
  const client = pulsarClientOf(w, name);
  if (client === undefined) return [name];
  const others = w.config.producers
    .filter((pc) => pc.name !== name && pc.pulsarClient === client)
    .map((pc) => pc.name);
  return [
    name,
    ...others.filter((n) => {
      const c = w.channels[n];
      return c !== undefined && c.open && c.broker === ch.broker && c.cluster === ch.cluster;
    }),
  ];
}

/**
 * Can the head of `name`'s channel in this direction go next? One TCP connection is one byte
 * stream each way: the broker's `ServerCnx` reads the frames of every producer on it in the order
 * they were written, and `ClientCnx` the receipts in the order the broker wrote them. So a head
 * goes only when no other producer on the same connection has an older one waiting.
 */
export function connectionHead(w: World, name: string, dir: 'toBroker' | 'toClient'): boolean {
  const mine = w.channels[name]![dir][0];
  if (!mine) return false;
  // A client of its own (every producer without pulsarClient): nothing to wait for, no allocation.
  if (pulsarClientOf(w, name) === undefined) return true;
  const peers = connectionPeers(w, name);
  return (
    peers.length <= 1 || peers.every((n) => (w.channels[n]![dir][0]?.born ?? Infinity) >= mine.born)
  );
}

/**
 * The TCP connection itself closes — a network drop, or the client closing it (Java
 * `cnx.channel().close()`, Go `connection.Close`). `ClientCnx.channelInactive` (Go
 * `connection.Close` → each listener's `ConnectionClosed`) tells every producer registered on it:
 * each goes back to Connecting and reconnects (Java `ConnectionHandler.reconnectLater`, Go
 * `reconnectToBroker`). With a client of its own this is `closeConnection` of that producer.
 */
export function dropConnection(ctx: Ctx, p: ProducerState, reason: string, rule: string): void {
  const peers = connectionPeers(ctx.w, p.name);
  closeConnection(ctx, p, reason, rule);
  const client = pulsarClientOf(ctx.w, p.name);
  if (client !== undefined)
    earlierInstancesGone(ctx.w, p.cluster, (q) => pulsarClientOf(ctx.w, q.name) === client);
  const others = peers.slice(1);
  if (others.length === 0 || client === undefined) return;
  const peerRule = p.client === 'java' ? 'ClientCnx.channelInactive' : 'connection.Close';
  for (const n of others)
    closeConnection(
      ctx,
      ctx.w.producers[n]!,
      `${reason} — ${client}'s connection, shared with ${p.name}`,
      peerRule,
    );
}
