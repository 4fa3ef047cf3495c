// `send-timeout`, the one fault kind whose fields depend on who sends the message it names.
import type { FaultSpec } from '../model/faultPlan';
import type { Reader } from './reader';
import { readTrigger, sentMessage } from './trigger';

/**
 * `send-timeout`: the message whose send times out, and optionally when. Only an application
 * producer's send can: the replicator's producer runs with sendTimeout 0 (`AbstractReplicator`), so
 * a message only `topic.ledgers` holds (only the replicator sends it) is refused, and so is a
 * `producer` field (the message decides the producer).
 */
export function readSendTimeout(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  clusters: string[],
  messages: readonly string[],
  appMessages: readonly string[],
): FaultSpec {
  if (o.producer !== undefined)
    r.fail(
      `${path}.producer`,
      'no producer: send-timeout names the "message" whose send times out (and the replicator\'s producer runs with sendTimeout 0, it never times out)',
      o.producer,
    );
  // `producer` has its own error above; an unknown field's list names only what the kind takes.
  r.known(Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'producer')), path, [
    'kind',
    'message',
    'after',
  ]);
  let message = sentMessage(r, o.message, `${path}.message`, messages);
  if (messages.includes(message) && !appMessages.includes(message)) {
    r.fail(
      `${path}.message`,
      `a message an application producer sends (${appMessages.join(', ') || 'the workload sends none'}); only the replicator sends ${message}, and its producer runs with sendTimeout 0`,
      message,
    );
    message = '';
  }
  if (o.after === undefined) return { kind: 'send-timeout', message };
  return {
    kind: 'send-timeout',
    message,
    after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
  };
}
