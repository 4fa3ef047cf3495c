// `context-expired`: the fault whose message must be one a Go application can be blocked sending —
// a Go producer that waits on a full pending queue or on its client's memory (Go's SendAsync takes a
// context; Java's blocking sendAsync does not, and waits without a deadline) — or one it sends with
// `Send(ctx)` ("sync": true), which waits for the result after the hand-over too.
import type { ProducerConfig, WorkloadItem } from '../model/config';
import type { FaultSpec } from '../model/faultPlan';
import { canWaitWithContext } from '../model/faultScope';
import type { Reader } from './reader';
import { readTrigger, sentMessage } from './trigger';

/**
 * Why no send of `msg` can wait with a context (null when one can): it is sent only by Java
 * producers, or by Go producers that never block on a limit the model counts.
 */
export function contextExpiryBlocker(
  producers: readonly ProducerConfig[],
  workload: readonly WorkloadItem[],
): (msg: string) => string | null {
  return (msg) => {
    // A Go Send(ctx) waits for its result whatever the limits: its context can end then.
    if (workload.some((i) => i.kind === 'send' && i.msg === msg && i.sync)) return null;
    const senders = [
      ...new Set(workload.flatMap((i) => (i.kind === 'send' && i.msg === msg ? [i.producer] : []))),
    ].flatMap((n) => producers.filter((p) => p.name === n));
    if (senders.length === 0 || senders.some(canWaitWithContext)) return null;
    const go = senders.filter((p) => p.client === 'go');
    if (go.length === 0)
      return `a message a Go producer sends (${senders.map((p) => p.name).join(', ')} ${senders.length === 1 ? 'is' : 'are'} Java: Java's blocking sendAsync takes no context and waits without a deadline)`;
    return `a message of a Go producer that can block: ${go.map((p) => p.name).join(', ')} ${go.length === 1 ? 'has' : 'have'} no maxPendingMessages and no memoryLimitBytes, or blockIfQueueFull false (DisableBlockIfQueueFull: refused at once, never waiting), and no send of it is a Send(ctx) ("sync": true) — SendAsync's context is not read after the hand-over`;
  };
}

/** `context-expired`: the message whose blocked send's context ends, and optionally when. */
export function readContextExpired(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  clusters: string[],
  messages: readonly string[],
  blocker: (msg: string) => string | null,
): FaultSpec {
  r.known(o, path, ['kind', 'message', 'after']);
  const message = sentMessage(r, o.message, `${path}.message`, messages);
  // A producer or workload entry the reader refused is the mistake to name: its fallback values
  // (a client read as the default) would make this a second error about the same field.
  const earlier = r.errors.some((e) => /^\$\.(producers|workload)\b/.test(e.path));
  const why = messages.includes(message) && !earlier ? blocker(message) : null;
  if (why !== null) r.fail(`${path}.message`, why, message);
  if (o.after === undefined) return { kind: 'context-expired', message };
  return {
    kind: 'context-expired',
    message,
    after: readTrigger(r, o.after, `${path}.after`, clusters, messages),
  };
}
