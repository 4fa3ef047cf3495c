// Step 0: the world a scenario starts from. Producers start disconnected, so the first thing that
// happens to each is its connect (ProducerSuccess seeds the client from the broker's watermark).
import type { Config } from '../model/config';
import type { Ledger, ProducerState, TopicState, World } from '../model/world';

export function initialWorld(config: Config): World {
  const producers: Record<string, ProducerState> = {};
  for (const pc of config.producers) {
    producers[pc.name] = {
      name: pc.name,
      cluster: pc.cluster,
      client: pc.client,
      instance: 1,
      state: 'Connecting',
      msgIdGenerator: 0,
      seeded: false,
      lastSequenceIdPushed: -1,
      lastSequenceIdPublished: -1,
      isLastSequenceIdPotentialDuplicated: false,
      batch: [],
      batchBorn: 0,
      pendingMessages: [],
      nextOpId: 1,
    };
  }
  const topics: Record<string, TopicState> = {};
  for (const c of config.clusters) {
    const ledgers: Ledger[] = c.initialLedgers.map((l, i) => ({
      id: l.id,
      closed: i < c.initialLedgers.length - 1,
      entries: Array.from({ length: l.entries }, (_, e) => ({ ledgerId: l.id, entryId: e, producerName: '', sequenceId: -1, highestSequenceId: -1, msgs: [] })),
    }));
    const maxId = Math.max(c.firstLedgerId - 1, ...c.initialLedgers.map((l) => l.id));
    topics[c.name] = {
      cluster: c.name,
      owner: c.brokers[0]!,
      dedup: { enabled: c.deduplication, highestSequencedPushed: {}, highestSequencedPersisted: {} },
      fenced: false,
      pendingWrites: [],
      ledgers,
      nextLedgerId: maxId + 1,
    };
  }
  return {
    config,
    tick: 0,
    stepCount: 0,
    workloadPos: 0,
    producers,
    channels: {},
    topics,
    sendsOf: {},
    completions: [],
    plan: config.faults.map((f, index) => ({ index, armed: 'after' in f && 'step' in f.after && f.after.step === 0, spent: false })),
    notAllowed: {},
    faultsUsed: 0,
  };
}
