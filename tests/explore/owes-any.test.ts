// @vitest-environment node
// The explorer asks of every new state whether replication still owes anything (`owesAny`), where it
// used to list the debt (`owed`) and count it. Both must say the same in every state it reaches:
// replicate_to excluding a remote, a chunked message owed once, a TTL-expired send still in flight.
// Likewise `enabledActions` asks whether the replicator's read would return anything (`anyReadable`)
// where it counted the entries `readableEntries` lists.
import { describe, expect, it } from 'vitest';
import { replicationLinks } from '../../src/engine';
import { owed, owesAny } from '../../src/engine/check/progress';
import { anyReadable, readableEntries } from '../../src/engine/protocol/PersistentReplicator';
import { reachableWorlds } from './helpers';

const IDS = [
  'seed-000-explore',
  'seed-002-issue-1-explore',
  'geo-replicate-to-local',
  'geo-ttl-expires-backlog',
  'geo-chunked-v1-pr-20948',
  'geo-two-way',
];
/** Where the first 1,500 worlds also reach a state that owes nothing (the seeds' backlog outlives them). */
const CLEARS = new Set([
  'geo-replicate-to-local',
  'geo-ttl-expires-backlog',
  'geo-chunked-v1-pr-20948',
  'geo-two-way',
]);

describe('owesAny says what owed(…).length > 0 says', () => {
  for (const id of IDS)
    it(`${id}: in 1,500 reachable worlds, link by link`, () => {
      const seen = { owes: 0, clear: 0 };
      for (const w of reachableWorlds(id, 1500))
        for (const l of replicationLinks(w.config)) {
          const listed = owed(w, l).length > 0;
          expect(owesAny(w, l)).toBe(listed);
          seen[listed ? 'owes' : 'clear']++;
        }
      // The answers were asked for: a debt everywhere, its end where the search reaches it.
      expect(seen.owes).toBeGreaterThan(0);
      if (CLEARS.has(id)) expect(seen.clear).toBeGreaterThan(0);
    });
});

describe('anyReadable says what readableEntries(…).length > 0 says', () => {
  for (const id of IDS)
    it(`${id}: in 1,500 reachable worlds, link by link`, () => {
      const seen = { readable: 0, none: 0 };
      for (const w of reachableWorlds(id, 1500))
        for (const l of replicationLinks(w.config)) {
          const listed = readableEntries(w, l).length > 0;
          expect(anyReadable(w, l)).toBe(listed);
          seen[listed ? 'readable' : 'none']++;
        }
      // Both answers were given: a read with entries to send, and a replicator with nothing to read.
      expect(seen.readable).toBeGreaterThan(0);
      expect(seen.none).toBeGreaterThan(0);
    });
});
