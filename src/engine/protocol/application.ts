// The applications that drive producers: the scenario's workload, in order. A send of an id that
// was sent before is the application resending it; `await` is a barrier that waits until the
// producer has nothing pending and nothing buffered.
import type { ProducerConfig, WorkloadItem } from '../model/config';
import { flushCall } from '../model/clientCalls';
import { ev } from '../model/events';
import type { ProducerState } from '../model/producer';
import type { World } from '../model/world';
import type { Ctx } from '../sim/context';
import { flushBatchGo } from './partitionProducer';
import { waitingSend } from './partitionProducerSend';
import { batchMessageAndSend } from './ProducerImplBatching';
import { sendAsync } from './ProducerImplSendAsync';

// The permits a send takes are the chunk count (ProducerImplChunking.ts); exported here too because
// every reader of the application's next send asks both questions together.
export { permitsNeeded } from './ProducerImplChunking';

const idle = (p: ProducerState): boolean => p.pendingMessages.length === 0 && p.batch.length === 0;

/** The next workload item that can run now, skipping satisfied awaits; null if blocked or done. */
export function nextWorkloadItem(w: World): { item: WorkloadItem; pos: number } | null {
  // A Go application in `Send(ctx, …)` runs nothing else until its result or its context's end.
  if (waitingSend(w)) return null;
  const items = w.config.workload;
  for (let pos = w.workloadPos; pos < items.length; pos++) {
    const item = items[pos]!;
    if (item.kind !== 'await') return { item, pos };
    const p = w.producers[item.producer];
    if (p && !idle(p)) return null;
  }
  return null;
}

export function workloadKey(item: WorkloadItem): string {
  return item.kind === 'send'
    ? `send:${item.producer}:${item.msg}`
    : `${item.kind}:${item.producer}`;
}

const configOf = (w: World, name: string): ProducerConfig =>
  w.config.producers.find((p) => p.name === name)!;

export function runWorkloadItem(ctx: Ctx): void {
  const next = nextWorkloadItem(ctx.w);
  if (!next) return;
  ctx.w.workloadPos = next.pos + 1;
  const { item } = next;
  const p = ctx.w.producers[item.producer]!;
  if (item.kind === 'flush') {
    ctx.events.push(
      ev(
        'app',
        p.name,
        flushCall(p.client),
        p.batch.map((m) => m.msg),
        {
          cluster: p.cluster,
          rule: p.client === 'java' ? 'ProducerImpl.flushAsync' : 'partitionProducer.internalFlush',
        },
      ),
    );
    flushBatch(ctx, p);
    return;
  }
  if (item.kind !== 'send') return;
  sendAsync(
    ctx,
    p,
    configOf(ctx.w, p.name),
    item.msg,
    item.seq,
    item.size,
    item.replicateTo,
    item.deliverAfter,
    item.sync,
  );
}

/** The application's flush (and a step's batch timer): the open batch is sent as it is. */
export function flushBatch(ctx: Ctx, p: ProducerState): void {
  if (p.client === 'java') batchMessageAndSend(ctx, p);
  else flushBatchGo(ctx, p);
}
