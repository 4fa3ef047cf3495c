// `received-once` (extension, opt-in per subscription: `subscriptions[].invariants`): the
// subscription's consumer receives each entry once. Pulsar does not promise it — its consumers are
// at-least-once, and deduplication is about what is stored, not what is received — so it is judged
// only where a scenario asks, to show the gap: a redelivery breaks it while `no-duplicates` holds.
// It counts entries, as the consumer receives them: a chunk discarded twice breaks it too, and its
// detail then says the application got nothing from it.
import type { Finding } from './invariants';
import type { World } from '../model/world';

export function receivedOnce(w: World): Finding[] {
  const out: Finding[] = [];
  for (const cfg of w.config.subscriptions) {
    if (!cfg.invariants?.includes('received-once')) continue;
    const s = w.topics[cfg.cluster]?.subscriptions[cfg.name];
    if (!s) continue;
    // Per position, whether every copy so far was a chunk the consumer discarded.
    const seen = new Map<string, boolean>();
    for (const r of s.received) {
      const at = `${r.position.ledgerId}:${r.position.entryId}`;
      const discardedBefore = seen.get(at);
      seen.set(at, (discardedBefore ?? true) && r.discarded !== undefined);
      if (discardedBefore === undefined) continue;
      const ids = r.msgs.map((m) => m.msg);
      // The invariant judges entries; a reader of the detail should not take it for a message the
      // application got twice when the consumer discarded every copy (processMessageChunk).
      const neither =
        discardedBefore && r.discarded !== undefined
          ? ` (the consumer discarded it each time: its application got no message from it)`
          : '';
      const what = ids.length > 0 ? ` (${ids.join(', ')})` : '';
      out.push({
        invariant: 'received-once',
        key: `received-once:${cfg.cluster}:${cfg.name}:${at}`,
        messages: ids,
        detail: `${cfg.name}'s consumer received ${at}${what} twice — one stored entry at ${cfg.cluster}, delivered again: ${r.redelivered ?? 'the broker sent it again'}${neither}`,
      });
    }
  }
  return out;
}
