// Which per-message faults would never act if placed at a step of the run shown: the engine's
// faultReason (the same conditions as faultApplies) holds in every world of the run from there
// on. Such a fault is never enabled, so the branch it forks (addFault: the same choices, `auto`'s
// made again among the same actions) is this run with a plan entry that "has not acted" (UX review
// 13, finding 11: persist-fails on "M1[2/2]", a chunk that dedup answers Dup, is never written).
// Known before the pick, so a menu says it before. The diagram's arrow menu (placed just before
// the arrow's step) and the panels' ⚡ menus (placed at the cursor) ask this one judgement, so
// they disable the same faults with the same words (UX review 14).
import { faultReason, type FaultAction, type RunResult } from '../../../engine';
import type { MessageFault } from './messageFaultKinds';

/** Why a kind is disabled, per kind; a kind that can act is absent. */
export type WontAct = Partial<Record<MessageFault, string>>;

/** The engine's action for a per-message kind (send-timeout, client-side, is asked apart). */
function actionOf(
  kind: MessageFault,
  message: string,
  cluster: string,
  subscription: string | undefined,
): FaultAction | null {
  switch (kind) {
    case 'checksum-corrupted':
    case 'checksum-intact':
      return {
        kind: 'checksum-error',
        message,
        cluster,
        localBufferCorrupted: kind === 'checksum-corrupted',
      };
    case 'not-allowed':
      return { kind, message, cluster, times: 1 };
    case 'lose-receipt':
    case 'persist-fails':
      return { kind, message, cluster };
    case 'lose-ack':
      return subscription === undefined ? null : { kind, message, cluster, subscription };
    case 'context-expired':
      // Offered only where it applies (FaultMenu); asked here too, so a menu never disagrees.
      return { kind, message };
    case 'send-timeout':
      return null;
  }
}

/** The kinds of `kinds` on `message` that would never act if placed at step `at` of `result`. */
export function neverActs(
  result: RunResult,
  at: number,
  kinds: readonly MessageFault[],
  message: string,
  cluster: string,
  subscription?: string,
): WontAct {
  const worlds = result.steps.filter((s) => s.index >= at).map((s) => s.world);
  const idle: WontAct = {};
  if (worlds.length === 0) return idle;
  for (const k of kinds) {
    const action = actionOf(k, message, cluster, subscription);
    if (!action) continue;
    const first = faultReason(worlds[0]!, action);
    if (first !== null && worlds.every((w) => faultReason(w, action) !== null))
      idle[k] = `never acts in this run: ${first} at step ${at}, nor at any later step`;
  }
  return idle;
}
