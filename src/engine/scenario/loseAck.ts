// `lose-ack` (a fault) and `subscriptions[].acks` / `.invariants` (extensions): a consumer whose
// acknowledgements travel on their own, and the fault that loses one (protocol/ConsumerAcks.ts).
import type { FaultSpec } from '../model/faultPlan';
import type { Reader } from './reader';

type AckSub = { readonly name: string; readonly cluster: string };

/**
 * `{ "kind": "lose-ack", "message": "M1", "cluster"?, "subscription"? }`: the subscription defaults
 * to the only one on that cluster whose acks are in flight; a scenario without one cannot lose an ack.
 */
export function readLoseAck(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
  message: string,
  cluster: string,
  subs: readonly AckSub[],
): FaultSpec[] {
  const here = subs.filter((s) => s.cluster === cluster).map((s) => s.name);
  if (here.length === 0) {
    if (cluster !== '')
      r.fail(
        `${path}.subscription`,
        `a subscription on cluster "${cluster}" with "acks": "in-flight" (only its acknowledgements travel on their own, so only they can be lost)`,
        o.subscription,
      );
    return [];
  }
  const subscription =
    o.subscription === undefined && here.length === 1
      ? here[0]!
      : (r.oneOf(o.subscription, `${path}.subscription`, here) ?? '');
  return [{ kind: 'lose-ack', message, cluster, subscription }];
}

/** `subscriptions[i].acks` ("at-once", the default, or "in-flight") and `.invariants` (["received-once"]). */
export function readSubscriptionAcks(
  r: Reader,
  o: Record<string, unknown>,
  path: string,
): { acks?: 'in-flight'; invariants?: readonly 'received-once'[] } {
  // An unreadable value is reported here and then read as the opt-in, so a lose-ack that names this
  // subscription adds no second error (the config is refused anyway).
  const acks =
    o.acks === undefined
      ? 'at-once'
      : (r.oneOf(o.acks, `${path}.acks`, ['at-once', 'in-flight'] as const) ?? 'in-flight');
  const invariants =
    o.invariants === undefined
      ? []
      : (r.arr(o.invariants, `${path}.invariants`) ?? []).flatMap((x, i) => {
          const id = r.oneOf(x, `${path}.invariants[${i}]`, ['received-once'] as const);
          return id ? [id] : [];
        });
  return {
    ...(acks === 'in-flight' ? { acks } : {}),
    ...(invariants.length > 0 ? { invariants: [...new Set(invariants)] } : {}),
  };
}
