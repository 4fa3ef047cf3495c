// Why an application send is still pending when nothing more can happen, read from the world as it
// ends (never from the scenario): the producer closed, its connection gone and never reopened (the
// topic not served, or its name held by another producer), its write held by the managed ledger,
// or an open connection on which nothing more will come for it. The quiet end's note says it.
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import { closingReason, topicDown } from '../protocol/PersistentTopicServing';

/** The cause, as a clause: "<cause>, so the application's send never completes". */
export function stuckBecause(w: World, p: ProducerState, left: readonly string[]): string {
  const ch = w.channels[p.name];
  const topic = w.topics[p.cluster]!;
  if (p.state === 'Closing')
    return `the application is closing ${p.name} and the broker's answer to CommandCloseProducer never comes (ProducerImpl.closeAsync waits for it)`;
  if (p.closed) return `${p.name} is closed and never reconnects, so nothing resends ${them(left)}`;
  const writing = topic.pendingWrites
    .filter((pw) => pw.producer === p.name)
    .flatMap((pw) => pw.msgs.map((m) => m.msg));
  if (writing.length > 0)
    return `the broker at ${p.cluster} holds ${[...new Set(writing)].join(', ')} in a ledger write that never completes (OpAddEntry), so no receipt is ever sent`;
  if (p.state === 'Busy') {
    const holder = Object.values(w.producers).find(
      (q) =>
        q !== p && q.cluster === p.cluster && q.wireName === p.wireName && w.channels[q.name]?.open,
    );
    const who = holder
      ? `${holder.name} holds the name '${p.wireName}' on the topic at ${p.cluster} and its connection never closes`
      : `another producer holds the name '${p.wireName}'`;
    return `its connection is gone and every reconnect is refused with ProducerBusy: ${who}`;
  }
  if (!ch?.open) {
    if (!topicDown(topic)) return `its connection to ${p.cluster} is gone and it never reconnects`;
    const why = topic.closing
      ? closingReason(p.cluster)
      : `its broker crashed and no broker completes the topic's load`;
    return `its connection is gone and it never reconnects: no broker serves the topic at ${p.cluster} (${why}), so the lookup never ends`;
  }
  // The connection is open and nothing is in flight on it: the broker already answered, or never will.
  const refused = left.filter((m) => w.notAllowed[`${m}@${p.cluster}`] !== undefined);
  if (!ch.listening) {
    const what = refused.length > 0 ? refused.join(', ') : 'a send';
    return `the broker at ${p.cluster} refused ${what} with NotAllowedError, so the Go client removed ${p.name} from the connection's producers (connection.handleSendError): every later answer for it is dropped, and the connection to ${ch.broker} stays open`;
  }
  if (ch.removed)
    return `the broker removed ${p.name} from its connection to ${ch.broker} and ignores its sends, while the connection stays open`;
  if (refused.length > 0 && p.client === 'java') {
    return `the broker at ${p.cluster} answered ${refused.join(', ')} with NotAllowedError while another send was the head, which ProducerImpl.recoverNotAllowedError ignores; nothing more comes on the open connection to ${ch.broker}`;
  }
  return `it waits for a receipt on its open connection to ${ch.broker}, but nothing is in flight on it: the broker's answer was one the client ignored, and nothing closes the connection`;
}

const them = (left: readonly string[]): string => (left.length === 1 ? 'it' : 'them');
