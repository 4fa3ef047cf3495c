// What a fault refers to in the run: a message the scenario has (sent by the workload, or held
// by topic.ledgers), and the moment a topology fault fires (`after`).
import type { Trigger } from '../model/faultPlan';
import { NAME } from './names';
import type { Reader } from './reader';

/** A message id that exists in this scenario (sent by the workload, or held by topic.ledgers). */
export function sentMessage(
  r: Reader,
  v: unknown,
  path: string,
  messages: readonly string[],
): string {
  const m = r.str(v, path, NAME, 'a message id');
  if (m === null) return '';
  if (messages.includes(m)) return m;
  // `messages` keeps an id the reader refused as written (asWritten), so that a field naming it
  // matches and the one error is at the id. Such an id is no message the workload sends: it is
  // not listed here. And a field naming that id without its stray characters ("M1" for a workload's
  // "M 1") is the same typo: its error would be a second message about one mistake, listing the
  // refused "M 1" among the messages sent (UX review 15, finding 7).
  const valid = messages.filter((x) => NAME.test(x));
  if (messages.some((x) => !valid.includes(x) && x.replace(/[^A-Za-z0-9._-]/g, '') === m)) return m;
  r.fail(
    path,
    valid.length > 0
      ? `a message the workload sends or topic.ledgers holds (${valid.join(', ')})`
      : 'a message the workload sends, but it sends none',
    m,
  );
  return m;
}

export function readTrigger(
  r: Reader,
  v: unknown,
  path: string,
  clusters: string[],
  messages: readonly string[],
): Trigger {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    r.fail(
      path,
      'a trigger: { "step": n }, { "event": "sent" | "received" | "persisted" | "acked", "message": … } or { "when": "quiescent" }',
      v,
    );
    return { step: 0 };
  }
  const o = v as Record<string, unknown>;
  if ('step' in o) {
    r.known(o, path, ['step']);
    return { step: r.int(o.step, `${path}.step`, 0) ?? 0 };
  }
  if ('when' in o) {
    r.known(o, path, ['when']);
    return { when: r.oneOf(o.when, `${path}.when`, ['quiescent'] as const) ?? 'quiescent' };
  }
  r.known(o, path, ['event', 'message', 'cluster']);
  const event =
    r.oneOf(o.event, `${path}.event`, ['sent', 'received', 'persisted', 'acked'] as const) ??
    'sent';
  const message = sentMessage(r, o.message, `${path}.message`, messages);
  if (o.cluster === undefined) return { event, message };
  return { event, message, cluster: r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '' };
}
