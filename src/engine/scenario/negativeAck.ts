// `subscriptions[i].negativeAcknowledge` (extension): the messages the application negatively
// acknowledges the first time it receives them (protocol/NegativeAcksTracker.ts). Its shape is read
// with the subscription; the ids are checked against the messages sent once the workload is read.
// `subscriptions[i].ackTimeout` (extension): the consumer's ack timeout (protocol/UnAckedMessageTracker.ts).
import { NAME } from './names';
import type { Reader } from './reader';
import { sentMessage } from './trigger';

/** The field's shape: a non-empty array of message ids, on a subscription whose acks are in flight. */
export function readNegativeAcknowledge(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
): { negativeAcknowledge?: readonly string[] } {
  const v = o.negativeAcknowledge;
  if (v === undefined) return {};
  const at = `${path}.negativeAcknowledge`;
  const items = r.arr(v, at);
  if (!items) return {};
  if (items.length === 0) r.fail(at, 'at least one message id (leave the field out for none)', v);
  // acks is read (and its errors reported) on its own; only a readable "at-once" or none is refused here.
  if (o.acks === undefined || o.acks === 'at-once')
    r.fail(
      at,
      'a subscription with "acks": "in-flight" (a negative ack is the CommandAck the consumer does not send)',
      v,
    );
  const ids = items.flatMap((x, i) => {
    const m = r.str(x, `${at}[${i}]`, NAME, 'a message id');
    return m === null ? [] : [m];
  });
  return ids.length > 0 ? { negativeAcknowledge: [...new Set(ids)] } : {};
}

/** `ackTimeout`: true or false (the default), true only on a subscription whose acks are in flight. */
export function readAckTimeout(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
): { ackTimeout?: true } {
  if (o.ackTimeout === undefined) return {};
  const on = r.bool(o.ackTimeout, `${path}.ackTimeout`);
  if (on && (o.acks === undefined || o.acks === 'at-once'))
    r.fail(
      `${path}.ackTimeout`,
      'a subscription with "acks": "in-flight" (the timer asks again for what the consumer has not acknowledged)',
      o.ackTimeout,
    );
  return on ? { ackTimeout: true } : {};
}

/** Each id names a message the workload sends or topic.ledgers holds (shape errors are reported already). */
export function checkNegativeAcknowledge(
  r: Reader,
  raw: unknown,
  messages: readonly string[],
): void {
  if (!Array.isArray(raw)) return;
  raw.forEach((x, i) => {
    const items = (x as { negativeAcknowledge?: unknown } | null)?.negativeAcknowledge;
    if (!Array.isArray(items)) return;
    items.forEach((m, j) => {
      if (typeof m === 'string' && NAME.test(m))
        sentMessage(r, m, `$.subscriptions[${i}].negativeAcknowledge[${j}]`, messages);
    });
  });
}
