// The scenario format without leaving the app: what each top-level field is for, the fault kinds
// with what they do (the same words as the fault menus and the explorer), and a small scenario
// that runs, to start from. Folded by default: the editor stays the JSON and its errors.
import { FAULT_KINDS, type FaultKind } from '../../../engine';
import { EXPLORE_KIND_WORDS } from '../../faultWords';

/** A scenario a first attempt can start from: one Java producer, dedup on, a lost receipt. */
export const MINIMAL_EXAMPLE = `{
  "format": "dedup-lab/scenario@1",
  "id": "my-lost-receipt",
  "title": "My scenario: a lost receipt with deduplication on",
  "topic": { "deduplication": true },
  "producers": [{ "name": "p1", "client": "java" }],
  "workload": [
    { "send": "M1", "producer": "p1" },
    { "send": "M2", "producer": "p1" }
  ],
  "faults": [{ "kind": "lose-receipt", "message": "M1" }]
}
`;

const FIELDS: readonly (readonly [string, string])[] = [
  ['format', 'required: "dedup-lab/scenario@1"'],
  ['id', 'required, kebab-case ("my-lost-receipt"); a new id is a new draft'],
  ['title, description', 'what the page shows above the diagram'],
  ['references', 'optional: the issues and PRs it reproduces ("apache/pulsar#26113")'],
  ['clusters', 'optional: one "local" cluster by default; bookies make BookKeeper modelled'],
  [
    'topic',
    '"deduplication": true (default false, as in Pulsar), or per cluster; maxMessageSize (0 to 5242880 bytes, the broker\'s limit); maxEntriesPerLedger (a ledger rolls over after that many entries); ledgers (initial entries per cluster); ledger (ensemble and quorums, with bookies)',
  ],
  [
    'producers',
    'name, producerName (the name on the wire; may repeat), cluster, client "java" | "go", batching { maxMessages, maxBytes }, sequenceIds',
  ],
  [
    'replication',
    'from, to, dedup "v1" | "v2", start "immediately" | "after-workload": geo-replication between two clusters',
  ],
  [
    'subscriptions',
    'name, cluster[, broker, acks ("at-once" | "in-flight"), invariants (["received-once"]), negativeAcknowledge (message ids), ackTimeout (true) — both with acks "in-flight"]: consumers that receive entries and acknowledge them',
  ],
  [
    'consumer',
    'optional: maxPendingChunkedMessage (default 10), autoAckOldestChunkedMessageOnQueueFull (default false): how readers assemble chunked messages',
  ],
  ['workload', '{send, producer[, seq, size]}, {flush}, {await}: sending M1 again is a resend'],
  ['faults', 'the fault plan: one object per fault, fields per kind below'],
  ['fixes', 'fix ids switched on for this scenario (the Fixes toggles)'],
  ['schedule', '"auto" or a list of action keys (a recipe)'],
  ['explore', 'the explorer\u2019s bounds and fault kinds'],
  ['expect', 'the violations and stored messages a test holds the run to'],
];

/** Each kind's fields in the fault plan (scenario/faults.ts); `?` marks an optional one. */
const PLAN_FIELDS: Readonly<Record<FaultKind, string>> = {
  'lose-receipt': 'message, cluster?',
  'persist-fails': 'message, cluster?',
  'lose-ack': 'message, cluster?, subscription? (one whose acks are "in-flight")',
  'checksum-error': 'message, cluster?, localBufferCorrupted? (default true)',
  'not-allowed': 'message, cluster?, times? (default: every attempt)',
  disconnect: 'producer (or "replicator"), after',
  'restart-producer': 'producer, after',
  'send-timeout': 'message, after?',
  'context-expired':
    'message (a Go producer\u2019s send that blocks on a limit, or its Send(ctx): "sync": true), after?',
  'unload-topic': 'cluster, scope? ("topic": pulsar-admin topics unload; default "bundle"), after',
  'set-deduplication': 'cluster, enabled (true | false), after',
  'expire-messages': 'cluster (with a subscription or a replication link from it), after',
  'trim-topic': 'cluster (whose topic is written to), after',
  'duplicate-frames': 'producer (or "replicator"), atSend, frames',
  'ownership-change': 'cluster, to, after',
  'restart-broker': 'cluster, to? (default: the same broker, once restarted), after',
  'slow-bookie': 'bookie, message?',
  'restart-bookie': 'bookie, after',
};

export function FormatHelp({ onExample }: { readonly onExample: (text: string) => void }) {
  return (
    <details className="editor-format" data-testid="editor-format">
      <summary>Format help: the fields, the fault kinds, a small example</summary>
      <table className="grid">
        <tbody>
          {FIELDS.map(([k, what]) => (
            <tr key={k}>
              <th scope="row">
                <code>{k}</code>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Fault kinds (each a line of the Faults field, or an entry of &quot;faults&quot;), with their
        fields in the plan (<code>cluster</code> may be left out with one cluster and no
        replication; <code>after</code> is a trigger: {'{"step": n}'},{' '}
        {'{"event": "persisted", "message": "M2"}'} or {'{"when": "quiescent"}'}):
      </p>
      <ul className="plain">
        {FAULT_KINDS.map((k) => (
          <li key={k}>
            <code>{k}</code> — {EXPLORE_KIND_WORDS[k]}{' '}
            <span className="muted">({PLAN_FIELDS[k]})</span>
          </li>
        ))}
      </ul>
      <p>
        Every built-in is an example too (Start from). A small one that runs:{' '}
        <button type="button" onClick={() => onExample(MINIMAL_EXAMPLE)}>
          Use the small example
        </button>
      </p>
      <pre className="editor-example">{MINIMAL_EXAMPLE}</pre>
    </details>
  );
}
