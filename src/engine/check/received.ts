// `received-once` (extension, opt-in per subscription: `subscriptions[].invariants`): the
// subscription's consumer receives each entry once. Pulsar does not promise it — its consumers are
// at-least-once, and deduplication is about what is stored, not what is received — so it is judged
// only where a scenario asks, to show the gap: a redelivery breaks it while `no-duplicates` holds.
import type { Finding } from './invariants';
import type { World } from '../model/world';

export function receivedOnce(w: World): Finding[] {
  const out: Finding[] = [];
  for (const cfg of w.config.subscriptions) {
    if (!cfg.invariants?.includes('received-once')) continue;
    const s = w.topics[cfg.cluster]?.subscriptions[cfg.name];
    if (!s) continue;
    const seen = new Set<string>();
    for (const r of s.received) {
      const at = `${r.position.ledgerId}:${r.position.entryId}`;
      if (!seen.has(at)) {
        seen.add(at);
        continue;
      }
      const ids = r.msgs.map((m) => m.msg);
      const what = ids.length > 0 ? ` (${ids.join(', ')})` : '';
      out.push({
        invariant: 'received-once',
        key: `received-once:${cfg.cluster}:${cfg.name}:${at}`,
        messages: ids,
        detail: `${cfg.name}'s consumer received ${at}${what} twice — one stored entry at ${cfg.cluster}, delivered again: ${r.redelivered ?? 'the broker sent it again'}`,
      });
    }
  }
  return out;
}
