// A Java ProducerImpl the application closed while PR 23038 had it reconnecting on a connection that
// stays open (ProducerImplClose.ts `closeWhileReconnecting`). `closeAsync` found no `cnx()`: it
// failed what was pending and wrote no CommandCloseProducer, and nothing removed it from
// `ClientCnx.producers`. The connection is the client's, not the producer's, so it is not closed:
// - frames the producer wrote before the close still reach the broker, which still has the producer
//   id (`ServerCnx.handleSend` finds it in `producers`, ready): they are judged and stored like any
//   other send. Only a producer id the broker does not have is different: one it closed itself moments
//   ago (`recentlyClosedProducers`) is ignored; any other makes it close the whole connection
//   ("the producer is not ready"), which the model never reaches;
// - their answers reach the closed ProducerImpl (`ClientCnx.handleSendReceipt` / `handleSendError`
//   still find it): `ackReceived` finds no op in its emptied queue, and an error finds no op to
//   recover and no connection to let go of (`clientCnx` is already null) — ignored;
// - the application's next instance of the producer writes its `CommandProducer` behind those frames
//   on the same connection: the model connects it once nothing of the closed one is left on it
//   (`closedProducerWaits`).
import type { Channel, ResponseFrame } from '../model/connection';
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { answeredLabel, answersText } from '../model/connection';
import { type Ctx, labelOf, tick } from '../sim/context';

/** Anything of `p`'s channel still on the connection or in the broker's write queue. */
export function stillInFlight(w: World, p: ProducerState, ch: Channel): boolean {
  return (
    ch.toBroker.length > 0 ||
    ch.toClient.length > 0 ||
    w.topics[ch.cluster]!.pendingWrites.some(
      (wr) => wr.producer === p.name && wr.epoch === ch.epoch,
    )
  );
}

/** What `stillInFlight` found, as the close's note says it: sends, writes, then answers. */
export function inFlightText(w: World, name: string, ch: Channel): string {
  const sends = ch.toBroker.flatMap((f) => f.msgs.map((m) => labelOf([m])));
  const writing = w.topics[ch.cluster]!.pendingWrites.filter(
    (wr) => wr.producer === name && wr.epoch === ch.epoch,
  ).flatMap((wr) => wr.msgs.map((m) => labelOf([m])));
  const answers = ch.toClient.filter((f) => f.kind !== 'close-producer');
  return [
    ...new Set([...sends, ...writing]),
    ...(answers.length > 0 ? [`answers to ${answersText(answers)}`] : []),
  ].join(', ');
}

/**
 * Does the application's next instance of `p` wait for its closed predecessor's frames? Its
 * `CommandProducer` goes on the same connection behind them, and the broker's answer behind the
 * answers to them; a closed (dropped) connection holds nothing any more.
 */
export function closedProducerWaits(w: World, p: ProducerState): boolean {
  const ch = w.channels[p.name];
  return ch?.producerClosed === true && ch.open && stillInFlight(w, p, ch);
}

/**
 * A receipt or an error for a frame of the closed ProducerImpl. `ClientCnx` still has it in
 * `producers`, so the answer reaches it: a receipt goes to `ackReceived`, whose queue
 * `closeAndClearPendingMessages` emptied (no op: "Got ack for timed out msg"); an error finds no op
 * to recover (ChecksumError, NotAllowedError) or, under PR 23038, a `ConnectionHandler` whose
 * `clientCnx` is already null (`connectionClosed` does nothing). Nothing happens to the producer's
 * next instance.
 */
export function answerToClosedProducer(ctx: Ctx, p: ProducerState, r: ResponseFrame): void {
  if (r.kind === 'close-producer') return;
  const what =
    r.kind === 'receipt'
      ? `receipt ${answeredLabel(r)} seq ${r.sequenceId}`
      : `${r.error} ${answeredLabel(r)} seq ${r.sequenceId}`;
  const why =
    r.kind === 'receipt'
      ? 'its queue is empty, no op to complete'
      : 'no op to recover and no connection to let go of';
  ctx.events.push(
    ev(
      'log',
      p.name,
      `${what} reaches ${p.name}'s closed ProducerImpl (still registered on the connection): ${why} — ignored`,
      r.msgs,
      {
        cluster: p.cluster,
        rule:
          r.kind === 'receipt'
            ? 'ProducerImpl.ackReceived:closed'
            : 'ClientCnx.handleSendError:closed',
      },
    ),
  );
}

/**
 * The broker closes the producer after all (an unload or a fence: `ServerCnx.closeProducer`) and its
 * `CommandCloseProducer` reaches the closed ProducerImpl: `ConnectionHandler.connectionClosed` finds
 * `clientCnx` null and the state Closed, so nothing reconnects. The closed producer's part of the
 * connection ends here; the broker has forgotten it, so its name is free (AbstractTopic.ts).
 */
export function closeToClosedProducer(ctx: Ctx, p: ProducerState, ch: Channel): void {
  ch.open = false;
  ch.toBroker = [];
  ch.toClient = [];
  ch.closedAt = tick(ctx.w);
  ctx.events.push(
    ev(
      'log',
      p.name,
      `CommandCloseProducer reaches ${p.name}'s closed ProducerImpl: it is Closed and has no connection, nothing reconnects`,
      [],
      { cluster: ch.cluster, rule: 'ClientCnx.handleCloseProducer:closed' },
    ),
  );
}
