// What a fault on a cluster's topic, the broker serving it or the bookies under it does once it
// acts: an unload (`PersistentTopic.close`), a deduplication policy switch
// (`MessageDeduplication.checkStatus`), the message TTL (`PersistentMessageExpiryMonitor`), a trim
// (`ManagedLedgerImpl.internalTrimLedgers`), an ownership change, a broker crash (`BrokerService`)
// and a bookie crash (`BookieImpl`, then the writer's `bookieConnectionClosed`). Apart from
// applyFault.ts because these kinds call the broker's and BookKeeper's rules, never a client's;
// when they can act is topicFaults.ts.
import { ev } from '../model/events';
import { checkDeduplicationStatus } from '../protocol/PersistentTopicDeduplicationStatus';
import { restartBroker } from '../protocol/BrokerService';
import { unloadTopic } from '../protocol/PersistentTopicClose';
import { startTakeover } from '../protocol/OwnershipChange';
import { bookieRestarts } from '../protocol/BookieImpl';
import { checkMessageExpiry } from '../protocol/PersistentMessageExpiryMonitor';
import { bookieConnectionClosed } from '../protocol/ManagedLedgerImpl';
import { trimConsumedLedgers } from '../protocol/ManagedLedgerTrim';
import type { Ctx } from './context';
import { bookieClusters, type TopicFault } from './topicFaults';

export function applyTopicFault(ctx: Ctx, f: TopicFault): void {
  const w = ctx.w;
  switch (f.kind) {
    case 'unload-topic':
      unloadTopic(ctx, f.cluster, f.scope === 'topic');
      return;
    case 'set-deduplication': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `operator sets deduplication ${f.enabled ? 'on' : 'off'} at ${f.cluster} (topic policy)`,
          [],
          { cluster: f.cluster },
        ),
      );
      checkDeduplicationStatus(ctx, topic, f.enabled);
      return;
    }
    case 'expire-messages': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `message TTL passes at ${f.cluster}: every entry stored so far has expired`,
          [],
          { cluster: f.cluster },
        ),
      );
      checkMessageExpiry(ctx, topic);
      return;
    }
    case 'trim-topic': {
      const topic = w.topics[f.cluster]!;
      ctx.events.push(
        ev(
          'fault',
          topic.owner,
          `operator trims the topic at ${f.cluster} (pulsar-admin topics trim-topic; retention 0)`,
          [],
          { cluster: f.cluster },
        ),
      );
      trimConsumedLedgers(ctx, topic);
      return;
    }
    case 'ownership-change':
      startTakeover(ctx, w.topics[f.cluster]!, f.to);
      return;
    case 'restart-broker':
      restartBroker(ctx, f.cluster, f.to);
      return;
    case 'restart-bookie':
      restartBookie(ctx, f.bookie);
      return;
  }
}

/**
 * A bookie's process dies and comes back in one step (docs/research/restart-bookie.md): what was in
 * flight to and from it is lost, what it journaled stays (`bookieRestarts`), and the broker writing
 * the topic sees its connection close (`bookieConnectionClosed`).
 */
function restartBookie(ctx: Ctx, bookie: string): void {
  for (const topic of bookieClusters(ctx.w, bookie)) {
    const bk = topic.bk!;
    const lost = bookieRestarts(bk, bookie);
    const what = [
      lost.requests > 0 ? `${lost.requests} request${lost.requests === 1 ? '' : 's'} to it` : '',
      lost.answers > 0 ? `${lost.answers} answer${lost.answers === 1 ? '' : 's'} from it` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const kept = Object.entries(bk.bookies[bookie]!.ledgers)
      .map(
        ([l, x]) =>
          `${x.entries.map((e) => `${l}:${e}`).join(', ') || `ledger ${l}: nothing`}${x.fenced ? ` (ledger ${l} fenced)` : ''}`,
      )
      .join('; ');
    ctx.events.push(
      ev(
        'fault',
        bookie,
        `${bookie} crashes and restarts: ${what ? `${what} lost` : 'nothing in flight'}; its journal keeps ${kept || 'nothing'}`,
        [],
        { cluster: topic.cluster, rule: 'BookieImpl.readJournal' },
      ),
    );
    bookieConnectionClosed(ctx, topic, bookie);
  }
}
