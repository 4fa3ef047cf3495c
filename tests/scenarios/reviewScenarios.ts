// What the review scenario books (tests/scenarios/unseen-15…22.scenarios.ts,
// tests/explore/unseen-14.scenarios.ts) share: the two clusters most rows start from, the parts of
// a workload and of a fault's trigger, a search's bounds, and the book itself — `scenario(id,
// patch)` for the tests, and, when a book runs as a script (`npx tsx <book> <dir>`), every
// scenario written out as a file the CLI reads.
export type Json = Record<string, unknown>;

const FORMAT = 'dedup-lab/scenario@1';

/** us-east on broker-1 and us-west on broker-2, both on abstract storage. */
export const EAST_WEST = [
  { name: 'us-east', brokers: ['broker-1'] },
  { name: 'us-west', brokers: ['broker-2'] },
];
export const P1_EAST = [{ name: 'p1', cluster: 'us-east' }];
export const EAST_TO_WEST = { from: 'us-east', to: 'us-west' };
/** A link each way, and a producer on each side. */
export const TWO_WAY = [
  { from: 'us-east', to: 'us-west' },
  { from: 'us-west', to: 'us-east' },
];
export const PE_PW = [
  { name: 'pe', cluster: 'us-east' },
  { name: 'pw', cluster: 'us-west' },
];
export const DEDUP_ON = { deduplication: true };
export const QUORUM_222 = { ensemble: 2, writeQuorum: 2, ackQuorum: 2 };

/** A workload line: `producer` sends `id` (with the send's other fields in `extra`). */
export const send = (id: string, extra: Json = {}, producer = 'p1') => ({
  send: id,
  producer,
  ...extra,
});
/** A workload line: p1 waits for its pending sends' receipts. */
export const AWAIT = { await: 'p1' };

/** A fault's trigger: `message` written (at `cluster`, where the run has more than one). */
export const persisted = (message: string, cluster?: string) => ({
  event: 'persisted',
  message,
  ...(cluster ? { cluster } : {}),
});

/** A search's bounds for `check`: the fault kinds it may place, how many, and how deep. */
export const search = (kinds: string[], max: number, maxDepth = 60) => ({
  faults: { kinds, max },
  maxDepth,
});

/** The book's `scenario(id, patch)`: the format line, the id as title, the scenario, then the
 * patch; when `file` runs as a script, every scenario is written to `<argv[2] ?? dir>/<id>.json`. */
export function scenarioBook(
  scenarios: Record<string, Json>,
  file: string,
  dir: string,
): (id: string, patch?: Json) => Json {
  const scenario = (id: string, patch: Json = {}): Json => ({
    format: FORMAT,
    id,
    title: id,
    ...scenarios[id],
    ...patch,
  });
  if (typeof process !== 'undefined' && process.argv[1]?.endsWith(file))
    void import('node:fs').then(({ writeFileSync, mkdirSync }) => {
      const out = process.argv[2] ?? dir;
      mkdirSync(out, { recursive: true });
      for (const id of Object.keys(scenarios))
        writeFileSync(`${out}/${id}.json`, JSON.stringify(scenario(id), null, 1));
    });
  return scenario;
}
