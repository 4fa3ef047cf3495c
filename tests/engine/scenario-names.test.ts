// @vitest-environment node
// Names every JavaScript object answers to (`constructor`, `toString`, `__proto__`, …) in every
// name position and object key, and this session's fields, read from scenario text as the CLI and
// the app read it (JSON.parse makes `__proto__` an own key). Each is one error at the field that
// holds it: a refused name stays as written for the fields that refer to it, so no placeholder
// (`cluster-0`, `p0`) shows up in their errors. Found by `npm run fuzz` (tests/fuzz/properties.ts).
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../src/engine';
import { BUILTINS } from '../../src/scenarios';
import { rename } from '../fuzz/properties';

const builtin = (id: string) =>
  BUILTINS.find((b) => b.id === id)! as unknown as Record<string, unknown>;
const geo = builtin('geo-ttl-expires-backlog');
const errorsOf = (text: string): string[] => {
  const r = parseScenarioText(text);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};
const WHY = '(every JavaScript object has a member of that name, so the model cannot key by it)';

describe('a prototype name in a name position: one error, at the declaration', () => {
  const cases: [string, string, string, string[]][] = [
    [
      'geo-ttl-expires-backlog',
      'us-east',
      'constructor',
      [
        `$.clusters[0].name: expected a cluster name other than "constructor" ${WHY}, got "constructor"`,
      ],
    ],
    [
      'geo-ttl-expires-backlog',
      'broker-2',
      '__proto__',
      [
        `$.clusters[1].brokers[0]: expected a broker name other than "__proto__" ${WHY}, got "__proto__"`,
      ],
    ],
    [
      'bookie-restart-ensemble-change',
      'bookie-1',
      'isPrototypeOf',
      [
        `$.clusters[0].bookies[0]: expected a bookie name other than "isPrototypeOf" ${WHY}, got "isPrototypeOf"`,
      ],
    ],
    [
      'geo-ttl-expires-backlog',
      'p1',
      'toString',
      [
        `$.producers[0].name: expected a producer name other than "toString" ${WHY}, got "toString"`,
      ],
    ],
    [
      'geo-ttl-expires-backlog',
      'sub',
      'hasOwnProperty',
      [
        `$.subscriptions[0].name: expected a subscription name other than "hasOwnProperty" ${WHY}, got "hasOwnProperty"`,
      ],
    ],
    [
      'geo-two-way',
      'us-west',
      'propertyIsEnumerable',
      [
        `$.clusters[1].name: expected a cluster name other than "propertyIsEnumerable" ${WHY}, got "propertyIsEnumerable"`,
      ],
    ],
    [
      'seed-000-explore',
      'E3',
      'toLocaleString',
      [
        `$.topic.ledgers.us-east[0].messages[0].id: expected a message id other than "toLocaleString" ${WHY}, got "toLocaleString"`,
      ],
    ],
    // The fault's trigger names the message too: both fields hold the refused name.
    [
      'geo-ttl-expires-backlog',
      'M2',
      'valueOf',
      [
        `$.workload[1].send: expected a message id other than "valueOf" ${WHY}, got "valueOf"`,
        `$.faults[0].after.message: expected a message id other than "valueOf" ${WHY}, got "valueOf"`,
      ],
    ],
  ];
  for (const [id, from, to, errors] of cases)
    it(`${id}: ${from} renamed ${to} everywhere`, () => {
      expect(errorsOf(JSON.stringify(rename(builtin(id), from, to)))).toEqual(errors);
    });

  it('a pulsarClient', () => {
    expect(
      errorsOf(
        JSON.stringify({
          ...geo,
          producers: [{ name: 'p1', cluster: 'us-east', pulsarClient: 'constructor' }],
        }),
      ),
    ).toEqual([
      `$.producers[0].pulsarClient: expected a client name other than "constructor" ${WHY}, got "constructor"`,
    ]);
  });
});

describe('a prototype name as an object key: the key is named, not a cluster', () => {
  const cases: [string, string, string][] = [
    [
      'topic.deduplication',
      JSON.stringify({ ...geo, topic: { deduplication: { 'us-east': true, constructor: true } } }),
      '$.topic.deduplication.constructor: expected a cluster name (us-east, us-west), got "constructor"',
    ],
    [
      'topic.deduplication (__proto__)',
      JSON.stringify({ ...geo, topic: { deduplication: { 'us-east': true } } }).replace(
        '"us-east":true}',
        '"us-east":true,"__proto__":false}',
      ),
      '$.topic.deduplication.__proto__: expected a cluster name (us-east, us-west), got "__proto__"',
    ],
    [
      'topic.ledgers',
      JSON.stringify({ ...geo, topic: { ledgers: { toString: [{ id: 10, entries: 1 }] } } }),
      '$.topic.ledgers.toString: expected a cluster name (us-east, us-west), got "toString"',
    ],
    [
      'topic.maxEntriesPerLedger',
      JSON.stringify({ ...geo, topic: { maxEntriesPerLedger: { valueOf: 2 } } }),
      '$.topic.maxEntriesPerLedger.valueOf: expected a cluster name (us-east, us-west), got "valueOf"',
    ],
    [
      'expect.stored',
      JSON.stringify({ ...geo, expect: { stored: { hasOwnProperty: ['M3'] } } }),
      '$.expect.stored.hasOwnProperty: expected a cluster name (us-east, us-west), got "hasOwnProperty"',
    ],
    [
      'expect.stored (__proto__)',
      JSON.stringify({ ...geo, expect: { stored: { 'us-west': ['M3'] } } }).replace(
        '"stored":{',
        '"stored":{"__proto__":["M1"],',
      ),
      '$.expect.stored.__proto__: expected a cluster name (us-east, us-west), got "__proto__"',
    ],
  ];
  for (const [where, text, error] of cases)
    it(where, () => expect(errorsOf(text)).toEqual([error]));
});

describe("this session's fields with a prototype name, and explore.faults' keys", () => {
  it('replication as a list, set-deduplication and expire-messages name an unknown cluster', () => {
    expect(
      errorsOf(
        JSON.stringify({
          ...geo,
          replication: [
            { from: 'us-east', to: 'constructor' },
            { from: 'us-west', to: 'us-east' },
          ],
        }),
      ),
    ).toEqual(['$.replication[0].to: expected one of "us-east" | "us-west", got "constructor"']);
    expect(
      errorsOf(
        JSON.stringify({
          ...geo,
          faults: [
            { kind: 'set-deduplication', cluster: 'toString', enabled: false, after: { step: 1 } },
          ],
        }),
      ),
    ).toEqual(['$.faults[0].cluster: expected one of "us-east" | "us-west", got "toString"']);
    expect(
      errorsOf(
        JSON.stringify({
          ...geo,
          faults: [{ kind: 'expire-messages', cluster: 'valueOf', after: { when: 'quiescent' } }],
        }),
      ),
    ).toEqual(['$.faults[0].cluster: expected one of "us-east" | "us-west", got "valueOf"']);
  });

  it('an unknown key in explore.faults is named (a typo such as maxFaults left the search with one fault)', () => {
    expect(
      errorsOf(
        JSON.stringify({
          ...geo,
          explore: { faults: { kinds: ['expire-messages'], maxFaults: 2 } },
        }),
      ),
    ).toEqual(['$.explore.faults.maxFaults: unknown field; expected one of kinds, max']);
  });
});
