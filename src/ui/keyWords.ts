// An action key in words, for every place the UI words one: Next actions, the step bar's title
// and the Fault plan panel's faults the explorer placed. A `fault:` key is worded as the fault plan
// words that fault (store/describe, describeFault), so a fault reads the same in the plan and in
// the list that offers it (UX review 15: Next actions said "E3 is answered ChecksumError (the
// client's buffer corrupted)" where the plan said "checksum-error on E3 at us-west (local buffer
// corrupted)"). Every other key keeps the engine's words (engine/render/actionWords).
import { actionWords, type World } from '../engine';
import { ordinal } from './ordinal';
// From the store's modules themselves, not its index: the store names a branch with these words.
import { describeFault } from './store/describe';
import type { FaultJson } from './store/state';

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
  m = /^fault:lose-ack:(.+)@([^@:]+):([^@:]+)$/.exec(key);
  if (m) return { kind: 'lose-ack', message: m[1]!, cluster: m[2]!, subscription: m[3]! };
  m = /^fault:(disconnect|restart-producer):(.+)$/.exec(key);
  if (m) return { kind: m[1]!, producer: m[2]! };
  m = /^fault:send-timeout:(.+)$/.exec(key);
  if (m) return { kind: 'send-timeout', message: m[1]! };
  m = /^fault:context-expired:(.+)$/.exec(key);
  if (m) return { kind: 'context-expired', message: m[1]! };
  m = /^fault:unload-topic:([^:]+)(:topic)?$/.exec(key);
  if (m)
    return m[2] === undefined
      ? { kind: 'unload-topic', cluster: m[1]! }
      : { kind: 'unload-topic', cluster: m[1]!, scope: 'topic' };
  m = /^fault:trim-topic:(.+)$/.exec(key);
  if (m) return { kind: 'trim-topic', cluster: m[1]! };
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

/**
 * The plan entry a key acts for, when the plan has one: every field the key names agrees with it
 * (a field the entry leaves out takes any value). Its words then carry what the key cannot (a
 * not-allowed fault's `times`); not its trigger, which has happened once the key is offered.
 */
function ownEntry(f: FaultJson, plan: readonly FaultJson[]): FaultJson | undefined {
  return plan.find(
    (p) =>
      p.kind === f.kind && Object.entries(f).every(([k, v]) => p[k] === undefined || p[k] === v),
  );
}

/** A `fault:` key in the fault plan's words, or null for a key that does not parse. */
export function describeFaultKey(key: string, plan: readonly FaultJson[] = []): string | null {
  const dup = /^fault:duplicate-frames:(.+):(\d+)$/.exec(key);
  if (dup)
    // In parentheses: the Fault plan's "placed by the explorer: … at step 2" must not read as
    // "it reconnects at step 2".
    return `duplicate-frames on ${dup[1]!}'s connection (its ${ordinal(Number(dup[2]))} send from now writes the frames sent before it again, then it drops further sends until it reconnects)`;
  // Go: the n-th pending item that holds the message (an application retry of one still pending).
  const nth = /^fault:send-timeout:(.+)#(\d+)$/.exec(key);
  if (nth)
    return `send-timeout on the ${ordinal(Number(nth[2]))} pending send holding ${nth[1]!} (its producer's send timer fires while it is pending)`;
  const f = faultOfKey(key);
  if (!f) return null;
  return describeFault({ ...ownEntry(f, plan), ...f, after: undefined });
}

/** Any action key in words: a fault as the plan says it, the rest as the engine does. */
export function keyWords(
  key: string,
  world: World,
  plan: readonly FaultJson[] = [],
): string | null {
  return key.startsWith('fault:') ? describeFaultKey(key, plan) : actionWords(key, world);
}

/**
 * A chosen key as a branch's label names it: a fault in the plan's words ("checksum-error on E3 at
 * us-west (local buffer intact)"), as the Fault plan and Next actions say it; any other key as
 * written, the name a schedule takes (UX review 18: a link's branch read
 * "step 3: fault:checksum-error:E3@us-west:intact"). The key itself stays in the recipe.
 */
export function choiceName(key: string, plan: readonly FaultJson[] = []): string {
  return (key.startsWith('fault:') && describeFaultKey(key, plan)) || key;
}
