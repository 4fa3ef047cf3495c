// A Java send error that is neither ChecksumError, TopicTerminatedError nor NotAllowedError (here:
// PersistenceError, for a dedup `Unknown` or a fenced topic) — what `ClientCnx.handleSendError`
// does with it depends on the client's version:
// - before apache/pulsar PR 23038 (Java client ≤ 3.3): `ctx.close()`, the whole TCP connection
//   closes and every producer (and consumer) registered on it reconnects (ConnectionPool.ts
//   `dropConnection`, the model's default);
// - with PR 23038 (merged July 2024, Java client 4.0 and later; fix `pr-23038`):
//   `producer.connectionClosed(cnx)` — only that producer's `ConnectionHandler` lets go of the
//   connection and reconnects after a backoff. The connection stays open: frames already on it
//   still arrive both ways, the producer stays registered in `ClientCnx.producers` (receipts still
//   reach `ProducerImpl.ackReceived`), and the broker still has the producer. The reconnect takes
//   the same pooled connection and sends `CommandProducer` with the same producer id, which the
//   broker answers at once (`ServerCnx.handleProducer`: "Producer with the same id is already
//   created") with a ProducerSuccess that carries no last_sequence_id (-1).
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { type Ctx, labelOf, tick } from '../sim/context';
import { answersText } from '../model/connection';
import { closedProducerWaits } from './ProducerImplClosed';

/**
 * PR 23038's `ClientCnx.handleSendError` default → `ProducerImpl.connectionClosed` →
 * `ConnectionHandler.connectionClosed`: the producer goes back to Connecting; the channel stays
 * open. A second error while it already is Connecting finds no connection to let go of
 * (`CLIENT_CNX_UPDATER.compareAndSet(this, cnx, null)` fails): nothing more happens.
 */
export function producerConnectionClosed(ctx: Ctx, p: ProducerState, reason: string): void {
  const ch = ctx.w.channels[p.name]!;
  if (p.state !== 'Ready') {
    ctx.events.push(
      ev('log', p.name, `${reason}: already reconnecting, nothing more to do`, [], {
        cluster: p.cluster,
        rule: 'ConnectionHandler.connectionClosed:no-cnx',
      }),
    );
    return;
  }
  p.state = 'Connecting';
  ch.closedAt = tick(ctx.w);
  const sends = [...new Set(ch.toBroker.flatMap((f) => f.msgs.map((m) => labelOf([m]))))];
  const answers = ch.toClient.filter((f) => f.kind !== 'close-producer');
  const still =
    sends.length + answers.length > 0
      ? `; still in flight: ${[...sends, ...(answers.length > 0 ? [answersText(answers)] : [])].join(', ')}`
      : '';
  ctx.events.push(
    ev(
      'close',
      p.name,
      `${reason}: only ${p.name} reconnects, the connection stays open (PR 23038)${still}`,
      [],
      { cluster: p.cluster, rule: 'ClientCnx.handleSendError:producer-reconnect' },
    ),
  );
}

/**
 * Can `p`'s reconnect go now? On a connection that stays open its `CommandProducer` travels behind
 * the sends already written, and the broker's ProducerSuccess behind the answers it already wrote:
 * the model takes the reconnect once neither direction holds a frame of `p`. The next instance of a
 * producer closed meanwhile waits for the closed one's writes too (ProducerImplClosed.ts).
 */
export function reconnectWaits(w: World, p: ProducerState): boolean {
  const ch = w.channels[p.name];
  if (ch?.producerClosed) return closedProducerWaits(w, p);
  return ch !== undefined && ch.open && (ch.toBroker.length > 0 || ch.toClient.length > 0);
}

/**
 * The reconnect of a producer whose connection stayed open (`ConnectionHandler.grabCnx` gets the
 * same pooled connection): the broker still has the producer id and answers ProducerSuccess
 * without last_sequence_id. Returns that -1; the caller runs `ProducerImpl.connectionOpened`, which
 * resends everything pending.
 */
export function reregister(ctx: Ctx, p: ProducerState): number {
  const ch = ctx.w.channels[p.name]!;
  ctx.events.push(
    ev(
      'connect',
      p.name,
      'CommandProducer on the same connection → ProducerSuccess(last_sequence_id -1): the producer id is already created',
      [],
      { to: ch.broker, cluster: p.cluster, rule: 'ServerCnx.handleProducer:already-created' },
    ),
  );
  return -1;
}
