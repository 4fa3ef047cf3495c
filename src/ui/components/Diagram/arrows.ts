// Which message a clicked arrow carries: the i-th message's shapes in the SVG (messageShapes.ts)
// are the i-th message item of the drawn diagram; within its step, the k-th message item is the
// k-th event with a `to` (an arrow), in event order (as toMermaid writes them).
import { faultApplies, type MermaidItem, type RunResult, type SimEvent } from '../../../engine';
import {
  ALL_FAULTS,
  SEND_FAULTS,
  withContextExpired,
  withSendTimeout,
  type MessageFault,
} from '../FaultPlan/messageFaultKinds';
import { clustersWithBookies, faultsAt } from '../FaultPlan/messageFaults';
import { neverActs, type WontAct } from '../FaultPlan/neverActs';

export { messageIndexOf } from './messageShapes';

export interface ArrowTarget {
  readonly step: number;
  readonly event: SimEvent;
  readonly cluster: string;
  readonly kinds: readonly MessageFault[];
  /** An acknowledgement's arrow: the subscription whose consumer sends it (lose-ack drops it). */
  readonly subscription?: string;
  /**
   * The arrow's messages a send-timeout can act on where the menu places it (just before the
   * arrow's step): the engine's faultApplies, as the ⚡ menus ask it.
   */
  readonly timeouts: readonly string[];
  /**
   * The arrow's messages a context-expired can act on there: a Go application waits in Send(ctx)
   * for that message's result (or is blocked in its send) — faultApplies again.
   */
  readonly expiries?: readonly string[];
  /**
   * Per message, the kinds that cannot act anywhere in this run from where the menu places them,
   * with why (wontAct): the menu shows them disabled with that reason.
   */
  readonly wontAct: Readonly<Record<string, WontAct>>;
}

/** The kinds the menu offers for `message`: the arrow's, plus send-timeout and context-expired where each can act. */
export const kindsFor = (t: ArrowTarget, message: string): readonly MessageFault[] =>
  withContextExpired(
    withSendTimeout(t.kinds, t.timeouts.includes(message)),
    t.expiries?.includes(message) ?? false,
  );

/** The faults that apply to what an arrow shows: a send delivered, a write, a receipt. */
function faultsFor(e: SimEvent): readonly MessageFault[] {
  switch (e.kind) {
    case 'receive':
      // A consumer's CommandAck (ConsumerAcks.ts) also arrives at a broker: only its loss applies.
      return e.text.startsWith('CommandAck ') ? ['lose-ack'] : SEND_FAULTS;
    case 'write':
      return SEND_FAULTS;
    case 'persist':
      return ['persist-fails', 'lose-receipt'];
    case 'response':
      return e.text.startsWith('receipt') ? ['lose-receipt'] : [];
    default:
      return ALL_FAULTS;
  }
}

export function arrowTarget(
  result: RunResult,
  items: readonly MermaidItem[],
  index: number,
): ArrowTarget | null {
  if (index < 0) return null;
  let m = -1;
  let k = 0;
  let step = -1;
  for (const item of items) {
    if (item.kind !== 'message') continue;
    if (item.step !== step) {
      step = item.step;
      k = 0;
    } else k++;
    if (++m === index) break;
  }
  if (m !== index) return null;
  const record = result.steps.find((s) => s.index === step);
  const event = record?.events.filter((e) => e.to !== undefined)[k];
  if (!record || !event) return null;
  const clusters = record.world.config.clusters;
  const cluster =
    event.cluster ??
    clusters.find((c) => c.brokers.includes(event.to!) || c.brokers.includes(event.actor))?.name ??
    clusters[0]?.name ??
    'local';
  // Only what the validator accepts at that cluster (no persist-fails where the topic is on bookies).
  const kinds =
    event.msgs.length > 0
      ? faultsAt(faultsFor(event), cluster, clustersWithBookies(record.world))
      : [];
  // The fault is placed after step - 1, so it must be able to act in that world.
  const before = result.steps.find((s) => s.index === step - 1)?.world;
  const timeouts = before
    ? event.msgs.filter((message) => faultApplies(before, { kind: 'send-timeout', message }))
    : [];
  const expiries = before
    ? event.msgs.filter((message) => faultApplies(before, { kind: 'context-expired', message }))
    : [];
  // The consumer participant is `<subscription>-consumer` (ConsumerAcks.ts).
  const subscription = kinds.includes('lose-ack')
    ? event.actor.replace(/-consumer$/, '')
    : undefined;
  const wontAct = Object.fromEntries(
    event.msgs.map((m) => [m, neverActs(result, step - 1, kinds, m, cluster, subscription)]),
  );
  return {
    step,
    event,
    cluster,
    kinds,
    ...(subscription !== undefined && { subscription }),
    timeouts,
    ...(expiries.length > 0 && { expiries }),
    wontAct,
  };
}
