// `ownership-change` and `restart-broker`: the faults that move a topic to another broker of its
// cluster — its bundle reassigned while the old owner still believes it owns it, or the serving
// broker crashing and the topic loaded by the broker named in `to` (or the same one, restarted).
import type { FaultSpec } from '../model/faultPlan';
import type { FaultItem } from './faultItem';

/**
 * `{ "kind": "ownership-change", "cluster"?, "to", "after" }`: `to` must be a broker not serving
 * the topic when the fault fires.
 */
export function readOwnershipChange(
  f: FaultItem,
  /** Whether another fault of the plan, the schedule or the explore block can move `cluster`'s topic away from `first`. */
  movedElsewhere: (cluster: string, first: string) => boolean,
): FaultSpec[] {
  const { r, o, path } = f;
  const allBrokers = f.brokers;
  r.known(o, path, ['kind', 'cluster', 'to', 'after']);
  const c = f.storage(f.cluster(), 'ownership moves with the ledger its bookies hold');
  // One broker: the only name to offer is the one serving the topic, which is refused below.
  const lone = allBrokers(c).length === 1;
  if (lone)
    r.fail(
      `${path}.to`,
      `a broker of cluster ${c} other than ${allBrokers(c)[0]}, but it lists only that one (ownership moves between the brokers of one cluster: add one to its "brokers")`,
      o.to,
    );
  const to = lone ? '' : (r.oneOf(o.to, `${path}.to`, allBrokers(c)) ?? '');
  // The fault moves the topic to a broker not serving it: to the first broker, which serves
  // it from the start, only after another fault moved it away — of the plan, a schedule key,
  // or one the explorer may place.
  const first = allBrokers(c)[0];
  if (to !== '' && to === first && !movedElsewhere(c, first))
    r.fail(
      `${path}.to`,
      `a broker other than ${first}, which serves the topic from the start (no other fault of the plan moves it away)`,
      to,
    );
  return [
    {
      kind: 'ownership-change',
      cluster: c,
      to,
      after: f.after(),
    },
  ];
}

/** `{ "kind": "restart-broker", "cluster", "to"?, "after" }`: either storage — without bookies the reload is an unload's, with them a takeover's. */
export function readRestartBroker(f: FaultItem): FaultSpec[] {
  const { r, o, path, clusters } = f;
  const allBrokers = f.brokers;
  r.known(o, path, ['kind', 'cluster', 'to', 'after']);
  const c = r.oneOf(o.cluster, `${path}.cluster`, clusters) ?? '';
  const to = o.to === undefined ? null : (r.oneOf(o.to, `${path}.to`, allBrokers(c)) ?? null);
  return [
    {
      kind: 'restart-broker',
      cluster: c,
      to,
      after: f.after(),
    },
  ];
}
