// The quiet end's notes for an application send that never starts: the next send of the workload
// blocks on its producer's pending queue (ProducerSemaphore.ts) or on its client's memory
// (MemoryLimitController.ts), and nothing will ever give the permits or the bytes back. A Go
// application's context can still end that wait (context-expired), offered as data (endNote.ts).
import { sendAsyncCall } from '../model/clientCalls';
import type { World } from '../model/world';
import { contextOffer, type EndNote } from './endNote';
import { nextWorkloadItem, permitsNeeded } from '../protocol/application';
import { permitHolders, sendWaits } from '../protocol/ProducerSemaphore';
import { inUse, memoryWaits } from '../protocol/MemoryLimitController';

/**
 * The application's next send waits for a permit that never comes back (ProducerSemaphore.ts): its
 * producer blocks if its queue is full, and the messages holding the permits never complete — or a
 * chunked Go message needs more permits than the queue has (pulsar-client-go#1448).
 */
export function blockedSendNote(w: World): EndNote | null {
  const next = nextWorkloadItem(w);
  const full = next ? sendWaits(w, next.item, permitsNeeded) : null;
  if (!next || next.item.kind !== 'send' || !full) return null;
  const p = w.producers[next.item.producer]!;
  const msg = next.item.msg;
  const context = contextOffer(w, p.name, 'blocked');
  const holders = permitHolders(p);
  const by = holders.length > 0 ? ` by ${holders.join(', ')}` : '';
  const how =
    p.client === 'java'
      ? 'blockIfQueueFull: semaphore.acquire() in ProducerImpl.canEnqueueRequest'
      : 'DisableBlockIfQueueFull off: publishSemaphore.Acquire in partitionProducer.reserveSemaphore';
  // Go permits a failed chunked send kept (sendRequest.done releases one): nothing frees them.
  const lost = p.leakedPermits
    ? `, ${p.leakedPermits} of them never given back after a chunked send failed`
    : '';
  const held = `${full.held} ${full.held === 1 ? 'permit' : 'permits'} held${by}${lost}`;
  // More chunks than the queue has permits: no receipt can ever free enough, and the queue is not
  // full at all (nothing need be held), so the note says what is missing rather than who holds it.
  if (full.needed > full.max)
    return {
      text:
        `${p.name}'s send of ${msg} waits for permits and nothing more can happen: ${msg} needs ${full.needed} permits (one per chunk) and the pending queue has only ${full.max} (maxPendingMessages ${full.max}: ${held}), so ${p.name} blocks (${how}) for good, ` +
        `the application stays in ${sendAsyncCall(p.client)} and neither ${msg} nor anything after it in the workload is sent (pulsar-client-go#1448)${context.words}`,
      faults: context.faults,
    };
  const never =
    holders.length === 0
      ? "no send holds them, so none ever comes back (sendRequest.done gave back one of each failed chunked send's permits)"
      : `the permits come back only when ${holders.length === 1 ? `${holders[0]}'s send completes` : 'those sends complete'} (a receipt, a failure or a send timeout)`;
  return {
    text:
      `${p.name}'s send of ${msg} waits for a permit and nothing more can happen: the pending queue is full (maxPendingMessages ${full.max}: ${held}) and ${p.name} blocks (${how}), ` +
      `so the application stays in ${sendAsyncCall(p.client)} and ${msg} is never sent; ${never}${context.words}`,
    faults: context.faults,
  };
}

/**
 * The application's next send waits for its client's memory (MemoryLimitController.ts): the usage
 * is over the limit, and the sends holding the bytes — of any producer of the client — never
 * complete.
 */
export function blockedOnMemoryNote(w: World): EndNote | null {
  const next = nextWorkloadItem(w);
  const use = next ? memoryWaits(w, next.item, permitsNeeded) : null;
  if (!next || next.item.kind !== 'send' || !use) return null;
  const p = w.producers[next.item.producer]!;
  const msg = next.item.msg;
  const context = contextOffer(w, p.name, 'blocked');
  const how =
    p.client === 'java'
      ? 'blockIfQueueFull: MemoryLimitController.reserveMemory in ProducerImpl.canEnqueueRequest'
      : 'DisableBlockIfQueueFull off: memoryLimitController.ReserveMemory in partitionProducer.reserveMem';
  const holders = use.holders.filter(([, b]) => b > 0).map(([m]) => m);
  const never = `the bytes come back only when ${holders.length === 1 ? `${holders[0]}'s send completes` : 'those sends complete'} (a receipt, a failure or a send timeout)`;
  return {
    text:
      `${p.name}'s send of ${msg} waits for memory and nothing more can happen: ${use.client}'s memory is over its limit (${inUse(use)}) and ${p.name} blocks (${how}), ` +
      `so the application stays in ${sendAsyncCall(p.client)} and ${msg} is never sent; ${never}${context.words}`,
    faults: context.faults,
  };
}
