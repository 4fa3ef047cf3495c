// The ⚡ on a send the application is blocked in: the Producers panel's pending-queue and memory rows
// say "BIG waits in SendAsync for 3 permits" (Go's reserveSemaphore / reserveMem), but that send is
// in no pending queue yet, so no ⚡ stood on it. A Go application passes a context to SendAsync, and
// when it ends there the send fails with ErrContextExpired (the fault context-expired); a user
// looking at the wait expects to find that fault on it, the way send-timeout sits on a pending one.
//
// Drawn only where the engine says the fault can act at the step shown (faultApplies, via the menu's
// own kinds: this ⚡ has none of its own) and on the rows of the producers whose send it is: Java's
// blocking sendAsync takes no context, so its wait gets no ⚡.
import { contextExpiryTarget, faultApplies } from '../../../engine';
import { useApp } from '../../store';
import { FaultMenu } from '../FaultPlan/FaultMenu';
import type { MessageFault } from '../FaultPlan/messageFaultKinds';

const NONE: readonly MessageFault[] = [];

/** `message␟cluster` of the blocked Go send at the cursor, if one of `producers` makes it. */
function useBlockedSend(producers: readonly string[]): string | null {
  return useApp((s) => {
    const w = s.result?.steps[s.cursor]?.world;
    const t = w ? contextExpiryTarget(w) : null;
    // A Send(ctx) already handed over has its ⚡ on its pending op, not on a wait row.
    if (!w || !t || t.written || !producers.includes(t.producer)) return null;
    if (!faultApplies(w, { kind: 'context-expired', message: t.message })) return null;
    // The cluster its connection goes to (the menu's heading), as a pending op's ⚡ names it.
    const cluster = w.channels[t.producer]?.cluster ?? w.producers[t.producer]!.cluster;
    return `${t.message}\u241f${cluster}`;
  });
}

export function BlockedSendFault({
  producers,
  place,
}: {
  /** The producers the row speaks for: its card's, or every producer of a shared client. */
  readonly producers: readonly string[];
  /** The row (`producers-queue`, `producers-memory`): a pick's note shows by this ⚡ only. */
  readonly place: string;
}) {
  const blocked = useBlockedSend(producers);
  if (blocked === null) return null;
  const [message, cluster] = blocked.split('\u241f') as [string, string];
  return <FaultMenu place={place} message={message} cluster={cluster} kinds={NONE} />;
}
