// Faults a trace takes that are not fault plan entries: the explorer places faults of the kinds
// its `explore` block allows as ordinary steps (engine/sim/enabled.ts, addExplorerFaults), so a
// counterexample opened in the timeline has them in its schedule, not in its plan. A step is one
// of them when it spends the explorer's fault budget (`world.faultsUsed` goes up); a plan entry
// marks its own runtime spent instead (engine/sim/step.ts).
import type { RunResult } from '../../../engine';
import { describeFault, type FaultJson } from '../../store';
import { ordinal } from '../../ordinal';

export interface PlacedFault {
  /** The step that took it. */
  readonly step: number;
  readonly key: string;
  readonly text: string;
}

const MESSAGE = /^fault:(lose-receipt|persist-fails|not-allowed):(.+)@([^@:]+)$/;
const CHECKSUM = /^fault:checksum-error:(.+)@([^@:]+):(corrupted|intact)$/;

/** A fault action key (engine/sim/actions.ts, faultKey) in the plan's JSON shape, when it has one. */
export function faultOfKey(key: string): FaultJson | null {
  let m = CHECKSUM.exec(key);
  if (m)
    return {
      kind: 'checksum-error',
      message: m[1]!,
      cluster: m[2]!,
      localBufferCorrupted: m[3] === 'corrupted',
    };
  m = MESSAGE.exec(key);
  if (m) return { kind: m[1]!, message: m[2]!, cluster: m[3]! };
  m = /^fault:(disconnect|restart-producer):(.+)$/.exec(key);
  if (m) return { kind: m[1]!, producer: m[2]! };
  m = /^fault:send-timeout:(.+)$/.exec(key);
  if (m) return { kind: 'send-timeout', message: m[1]! };
  m = /^fault:unload-topic:([^:]+)(:topic)?$/.exec(key);
  if (m) return m[2] === undefined ? { kind: 'unload-topic', cluster: m[1]! } : { kind: 'unload-topic', cluster: m[1]!, scope: 'topic' };
  m = /^fault:expire-messages:(.+)$/.exec(key);
  if (m) return { kind: 'expire-messages', cluster: m[1]! };
  m = /^fault:set-deduplication:([^:]+):(on|off)$/.exec(key);
  if (m) return { kind: 'set-deduplication', cluster: m[1]!, enabled: m[2] === 'on' };
  m = /^fault:restart-broker:([^:]+)(?::(.+))?$/.exec(key);
  if (m)
    return m[2] === undefined
      ? { kind: 'restart-broker', cluster: m[1]! }
      : { kind: 'restart-broker', cluster: m[1]!, to: m[2] };
  m = /^fault:restart-bookie:(.+)$/.exec(key);
  if (m) return { kind: 'restart-bookie', bookie: m[1]! };
  m = /^fault:ownership-change:([^:]+):(.+)$/.exec(key);
  if (m) return { kind: 'ownership-change', cluster: m[1]!, to: m[2]! };
  return null;
}

function describeKey(key: string): string {
  const dup = /^fault:duplicate-frames:(.+):(\d+)$/.exec(key);
  if (dup)
    return `duplicate-frames on ${dup[1]!}'s channel (its send #${dup[2]!} re-writes the frames before it)`;
  // Go: the n-th pending item that holds the message (an application retry of one still pending).
  const nth = /^fault:send-timeout:(.+)#(\d+)$/.exec(key);
  if (nth)
    return `send-timeout on the ${ordinal(Number(nth[2]))} pending send holding ${nth[1]!} (its producer's send timer fires while it is pending)`;
  const f = faultOfKey(key);
  return f ? describeFault(f) : key.slice('fault:'.length);
}

/** The steps of `result` that took a fault the explorer placed (not a plan entry), in order. */
export function placedFaults(result: RunResult): PlacedFault[] {
  const out: PlacedFault[] = [];
  for (let i = 1; i < result.steps.length; i++) {
    const now = result.steps[i]!;
    const before = result.steps[i - 1]!;
    if (!now.key?.startsWith('fault:') || now.world.faultsUsed <= before.world.faultsUsed) continue;
    out.push({ step: now.index, key: now.key, text: describeKey(now.key) });
  }
  return out;
}
