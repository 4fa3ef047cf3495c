// `restart-bookie` and `slow-bookie`: the faults that name a bookie (BookKeeper's storage node),
// so only a scenario whose clusters list `bookies` can have them.
import type { FaultSpec } from '../model/faultPlan';
import type { FaultItem } from './faultItem';

/**
 * `{ "kind": "restart-bookie", "bookie", "after" }` (`BookieImpl` restarted from its journal) and
 * `{ "kind": "slow-bookie", "bookie", "message"? }` (a property of its answers, not a step).
 */
export function readBookieFault(
  f: FaultItem,
  kind: 'restart-bookie' | 'slow-bookie',
  allBookies: readonly string[],
): FaultSpec[] {
  const { r, o, path } = f;
  r.known(o, path, ['kind', 'bookie', kind === 'restart-bookie' ? 'after' : 'message']);
  // A bookie fault in a scenario without BookKeeper: say what to add rather than list no options.
  if (allBookies.length === 0) {
    r.fail(
      `${path}.bookie`,
      'a bookie a cluster lists, but no cluster lists "bookies" (storage is abstract; give a cluster "bookies" to model BookKeeper)',
      o.bookie,
    );
    return [];
  }
  const bookie = r.oneOf(o.bookie, `${path}.bookie`, allBookies) ?? '';
  if (kind === 'restart-bookie') return [{ kind, bookie, after: f.after() }];
  return [o.message === undefined ? { kind, bookie } : { kind, bookie, message: f.message() }];
}
