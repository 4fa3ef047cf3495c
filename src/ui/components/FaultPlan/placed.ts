// Faults a trace takes that are not fault plan entries: the explorer places faults of the kinds
// its `explore` block allows as ordinary steps (engine/sim/enabledFaults.ts, addExplorerFaults), so a
// counterexample opened in the timeline has them in its schedule, not in its plan. A step is one
// of them when it spends the explorer's fault budget (`world.faultsUsed` goes up); a plan entry
// marks its own runtime spent instead (engine/sim/step.ts).
import type { RunResult } from '../../../engine';
import { describeFaultKey } from '../../keyWords';

export interface PlacedFault {
  /** The step that took it. */
  readonly step: number;
  readonly key: string;
  readonly text: string;
}

/** The steps of `result` that took a fault the explorer placed (not a plan entry), in order. */
export function placedFaults(result: RunResult): PlacedFault[] {
  const out: PlacedFault[] = [];
  for (let i = 1; i < result.steps.length; i++) {
    const now = result.steps[i]!;
    const before = result.steps[i - 1]!;
    if (!now.key?.startsWith('fault:') || now.world.faultsUsed <= before.world.faultsUsed) continue;
    out.push({
      step: now.index,
      key: now.key,
      text: describeFaultKey(now.key) ?? now.key.slice('fault:'.length),
    });
  }
  return out;
}
