// Which per-message faults a ⚡ menu may offer at a cluster. The scenario validator rejects a fault
// that could never fire, and the engine's `applies` (engine/sim/faults.ts) never fires it:
// persist-fails fails an append of abstract storage only (with bookies a write fails through
// BookKeeper's own answers: slow-bookie, ownership-change), so a cluster that lists bookies must
// not offer it. The other per-message kinds apply on either kind of storage.
import { useMemo } from 'react';
import { kindFitsStorage, type World } from '../../../engine';
import { useApp } from '../../store';
import type { MessageFault } from './messageFaultKinds';

/** The clusters of this world whose topic is on BookKeeper (`topics[cluster].bk !== null`). */
export function clustersWithBookies(world: World | undefined): readonly string[] {
  if (!world) return [];
  return Object.entries(world.topics)
    .filter(([, t]) => t.bk !== null)
    .map(([name]) => name)
    .sort();
}

/** `kinds` without those that can never apply at `cluster`. */
export function faultsAt(
  kinds: readonly MessageFault[],
  cluster: string,
  bookieClusters: readonly string[],
): readonly MessageFault[] {
  const bookies = bookieClusters.includes(cluster);
  return kinds.filter((k) => kindFitsStorage(k, bookies));
}

/**
 * The clusters with bookies in the run shown, for the panels' ⚡ menus. Storage is fixed by the
 * scenario's clusters, so step 0 tells; the selector returns a string (equal between steps), so a
 * panel does not re-render because of it.
 */
export function useClustersWithBookies(): readonly string[] {
  const key = useApp((s) => clustersWithBookies(s.result?.steps[0]?.world).join(' '));
  return useMemo(() => (key === '' ? [] : key.split(' ')), [key]);
}
