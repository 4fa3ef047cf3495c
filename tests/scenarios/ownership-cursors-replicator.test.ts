// The replicator's cursor across an ownership change, with its writes in flight
// (`replication.cursorWrites: "in-flight"`; docs/research/replicator-cursor-writes.md). The new owner
// opens the `pulsar.repl.us-west` cursor while it loads the topic (`ManagedLedgerImpl.initializeCursors`
// → `ManagedCursorImpl.recoverFromLedger`, fencing the cursor ledger) and hands it to its replicator
// (`PersistentTopic.initialize` → `addReplicationCluster`). broker-1 still serves the topic until
// p1's next write meets the fenced data ledger; a cursor write it makes in between fails
// (`persistPositionToLedger`, LedgerFencedException) and goes to the metadata-store node, which
// broker-3 does not read again. So what broker-1 deleted after the load is sent again.
import { describe, expect, it } from 'vitest';
import { actionWords } from '../../src/engine';
import { type Json, runOf, stepOf } from './helpers';

const CURSOR = 'replicator-cursor';

/** us-east over one bookie, broker-3 to take the topic over once `after` happened; us-west keeps
 * every copy (no dedup); the replicator reads as soon as entries are there. */
const world = (after: string): Json => ({
  id: 'ownership-cursors-replicator',
  clusters: [
    { name: 'us-east', brokers: ['broker-1', 'broker-3'], bookies: ['bookie-1'] },
    { name: 'us-west', brokers: ['broker-2'] },
  ],
  topic: {
    deduplication: { 'us-east': false, 'us-west': false },
    ledgers: { 'us-east': [{ id: 10, entries: 3 }] },
    ledger: { ensemble: 1, writeQuorum: 1, ackQuorum: 1 },
  },
  producers: [{ name: 'p1', cluster: 'us-east' }],
  replication: {
    from: 'us-east',
    to: 'us-west',
    dedup: 'v2',
    start: 'immediately',
    cursorWrites: 'in-flight',
  },
  workload: [
    { send: 'E3', producer: 'p1' },
    { send: 'E4', producer: 'p1' },
    { await: 'p1' },
    { send: 'E5', producer: 'p1' },
  ],
  faults: [
    {
      kind: 'ownership-change',
      cluster: 'us-east',
      to: 'broker-3',
      after: { event: 'acked', message: after, cluster: 'us-west' },
    },
  ],
});

/** p1 writes `m` at 10:`e` through broker-1 and gets its receipt. */
const written = (m: string, e: number) => [
  `send:p1:${m}`,
  `deliver:p1->broker-1:${m}`,
  `deliver:broker-1->bookie-1:10:${e}`,
  `deliver:bookie-1->broker-1:10:${e}`,
  `deliver:broker-1->p1:${m}`,
];
/** broker-3's load: the fencing read of ledger 10 and the ledger list written. */
const LOAD = [
  'deliver:broker-3->bookie-1:fence-10',
  'deliver:bookie-1->broker-3:fence-10',
  'metadata:broker-3:ledgers',
];

describe('broker-1 writes the cursor after broker-3’s load: the write is fenced, E4 comes again', () => {
  /** As `auto` runs it, but E4's delete (10:4) is written only once broker-3 has loaded the topic. */
  const late = () => {
    const auto = runOf(world('E4'));
    const keys = auto.steps.slice(1).map((s) => s.key!);
    const upToLoad = keys.slice(0, keys.indexOf('metadata:broker-3:ledgers') + 1);
    return runOf(world('E4'), [
      ...upToLoad.filter((k) => k !== 'persist-replicator-cursor:10:4'),
      'persist-replicator-cursor:10:4',
    ]);
  };

  it('broker-3’s load opens the cursor at what its ledger holds, mark-delete 10:3, and fences that ledger', () => {
    const r = late();
    const load = stepOf(r, 'topic loaded', 'broker-3');
    expect(
      stepOf(
        r,
        'cursor pulsar.repl.us-west opened by broker-3 from its cursor ledger with recovery (fenced): mark-delete 10:3; broker-1 can no longer write it',
        CURSOR,
      ),
    ).toBe(load);
    expect(r.steps[load]!.events.find((e) => e.actor === CURSOR)!.rule).toBe(
      'ManagedCursorImpl.recoverFromLedger',
    );
  });
  it('broker-1’s write of mark-delete 10:4 fails (fenced) and goes to the metadata-store node instead', () => {
    const r = late();
    const write = r.steps.find((s) => s.key === 'persist-replicator-cursor:10:4')!;
    expect(write.events.map((e) => [e.rule, e.text])).toEqual([
      [
        'ManagedCursorImpl.persistPositionToLedger:fenced',
        'cursor pulsar.repl.us-west: broker-1 persisting mark-delete 10:4 fails — broker-3 opened the cursor ledger with recovery when it loaded the topic (fenced; its cursor holds mark-delete 10:3)',
      ],
      [
        'ManagedCursorImpl.persistPositionToMetaStore',
        "cursor pulsar.repl.us-west: mark-delete 10:4 written to the cursor's metadata-store node instead (cursor ledger -1) — broker-3 read the node at its load and keeps the cursor it loaded",
      ],
    ]);
    // The cursor ledger gets 10:4 only from broker-3, once it serves the topic and E4 came again.
    expect(stepOf(r, 'mark-delete 10:4 persisted to the cursor ledger')).toBeGreaterThan(
      stepOf(r, 'now serves the topic'),
    );
  });
  it('Next actions say the write will meet broker-3’s fence', () => {
    const r = late();
    const at = r.steps.find((s) => s.key === 'persist-replicator-cursor:10:4')!.index;
    expect(actionWords('persist-replicator-cursor:10:4', r.steps[at - 1]!.world)).toBe(
      "the replicator's cursor on broker-1 tries to write mark-delete 10:4 and its deleted entries to the cursor ledger, which broker-3 fenced at its load",
    );
  });
  it('when the clients move, broker-3’s replicator reads after 10:3: E4 is sent again and us-west stores it twice', () => {
    const r = late();
    const moved = stepOf(r, 'now serves the topic');
    expect(
      stepOf(
        r,
        "cursor pulsar.repl.us-west (opened at broker-3's load, mark-delete 10:3) is the one broker-3's replicator reads after: mark-delete 10:4 never reached it (broker-1's writes after the load reached only the metadata-store node)",
        CURSOR,
      ),
    ).toBe(moved);
    expect(stepOf(r, 'replicator restarts: read position 10:4', CURSOR)).toBeGreaterThan(moved);
    expect(stepOf(r, 'read 10:4, 11:0 (E4, E5)', CURSOR)).toBeGreaterThan(moved);
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E4', 'E5']);
  });
  it('the same write before the load counts (auto’s order): E4 is not sent again', () => {
    const r = runOf(world('E4'));
    expect(stepOf(r, 'mark-delete 10:4 persisted to the cursor ledger')).toBeLessThan(
      stepOf(r, 'topic loaded', 'broker-3'),
    );
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E5']);
  });
});

describe('two deletes after the load: the second write makes a new cursor ledger the node names', () => {
  /** p1 writes E3 and E4; us-west stores E3 and answers; broker-3 takes over and loads; only then
   * does broker-1 write E3's delete, replicate E4 and write E4's delete. */
  const r = runOf(world('E3'), [
    'connect:p1',
    'connect:replicator',
    ...written('E3', 3),
    ...written('E4', 4),
    'read:replicator',
    'deliver:replicator->broker-2:E3',
    'persist:us-west:E3',
    'deliver:broker-2->replicator:E3',
    'fault:ownership-change:us-east:broker-3',
    ...LOAD,
    'persist-replicator-cursor:10:3',
    'deliver:replicator->broker-2:E4',
    'persist:us-west:E4',
    'deliver:broker-2->replicator:E4',
    'persist-replicator-cursor:10:4',
  ]);

  it('the first is fenced and goes to the node; the second goes to a new cursor ledger broker-3 never reads', () => {
    const rules = (key: string) => r.steps.find((s) => s.key === key)!.events.map((e) => e.rule);
    expect(rules('persist-replicator-cursor:10:3')).toEqual([
      'ManagedCursorImpl.persistPositionToLedger:fenced',
      'ManagedCursorImpl.persistPositionToMetaStore',
    ]);
    expect(rules('persist-replicator-cursor:10:4')).toEqual([
      'ManagedCursorImpl.createNewMetadataLedger',
    ]);
    expect(
      stepOf(
        r,
        'cursor pulsar.repl.us-west: mark-delete 10:4 written by broker-1 to a new cursor ledger, and the metadata-store node now names it — broker-3 does not read the node again',
      ),
    ).toBeGreaterThan(0);
  });
  it('broker-3’s replicator reads after 10:2, what it loaded: E3 and E4 are both sent again', () => {
    const moved = stepOf(r, 'now serves the topic');
    expect(
      stepOf(
        r,
        "(opened at broker-3's load, mark-delete 10:2) is the one broker-3's replicator reads after: mark-delete 10:4 never reached it",
      ),
    ).toBe(moved);
    expect(stepOf(r, 'read 10:3, 10:4, 11:0 (E3, E4, E5)', CURSOR)).toBeGreaterThan(moved);
    expect(r.stored['us-west']).toEqual(['E3', 'E4', 'E3', 'E4', 'E5']);
  });
});
