// The editor's small form: the common parts of a scenario, each edited in a short syntax of its
// own (./lines) and written back into the JSON, and the fixes as checkboxes. It edits the JSON
// only once that parses as an object; until then the text is kept as typed, and the form shows,
// read-only, the parts that still parse on their own (./scenarioText parseParts).
import { FIX_IDS } from '../../../engine';
import { LinesField } from './LinesField';
import {
  clustersToLines,
  consumerToLines,
  faultsToLines,
  linesToClusters,
  linesToConsumer,
  linesToFaults,
  linesToProducers,
  linesToReplication,
  linesToWorkload,
  producersToLines,
  replicationToLines,
  workloadToLines,
  type Parsed,
} from './lines';
import type { Json } from './scenarioText';

/** The list parts of a scenario the form edits as lines: the JSON key, and its line syntax. */
const LINE_PARTS: readonly {
  readonly key: string;
  readonly label: string;
  readonly hint: string;
  readonly toLines: (v: unknown) => string;
  readonly parse: (t: string) => Parsed<unknown>;
}[] = [
  {
    key: 'clusters',
    label: 'Clusters',
    hint: 'name brokers=b1,b2 bookies=k1',
    toLines: clustersToLines,
    parse: linesToClusters,
  },
  {
    key: 'producers',
    label: 'Producers',
    hint: 'name cluster=… client=java|go batching=n batchBytes=n pulsarClient=app chunking=true chunkMaxMessageSize=n maxPendingMessages=n blockIfQueueFull=true memoryLimitBytes=n',
    toLines: producersToLines,
    parse: linesToProducers,
  },
  {
    // Geo-replication links (ux-review-10: only the JSON edited them): one line per link.
    key: 'replication',
    label: 'Replication',
    hint: 'from -> to dedup=v1|v2 start=immediately|after-workload',
    toLines: replicationToLines,
    parse: linesToReplication,
  },
  {
    // The top-level `consumer` block on one line; no line leaves it out (UX review 19).
    key: 'consumer',
    label: 'Consumer',
    hint: 'how readers assemble chunked messages: maxPendingChunkedMessage=n autoAckOldestChunkedMessageOnQueueFull=true expireTimeOfIncompleteChunkedMessageMillis=n',
    toLines: consumerToLines,
    parse: linesToConsumer,
  },
  {
    key: 'workload',
    label: 'Workload',
    hint: 'send M1 p1 [seq=n] [size=n] [replicateTo=c1,c2] [disableReplication=true] [deliverAfter=ms] [sync=true], flush p1, await p1',
    toLines: workloadToLines,
    parse: linesToWorkload,
  },
  {
    key: 'faults',
    label: 'Faults',
    hint: `one JSON object per line: {"kind":"lose-receipt","message":"M1"}`,
    toLines: faultsToLines,
    parse: linesToFaults,
  },
];

export function CommonParts(props: {
  /** The text's JSON object, or null while it does not parse as one. */
  readonly json: Json | null;
  /** What the form shows: `json`, or while it is null the parts of the text that still parse. */
  readonly parts: Json;
  /** The scenario the text is a draft of: another one starts the line fields afresh. */
  readonly base: string;
  readonly edit: (key: string, value: unknown) => void;
  /** A line field's error by its label while its text is not in the JSON (null: it is). */
  readonly onUnapplied: (label: string, error: string | null) => void;
}) {
  const { json, parts, base, edit, onUnapplied } = props;
  const fixes = Array.isArray(parts.fixes) ? (parts.fixes as unknown[]) : [];
  return (
    <form className="editor-form" aria-label="Common parts" onSubmit={(e) => e.preventDefault()}>
      {!json && (
        <p className="muted">
          The form edits the JSON once it parses as an object; fix the syntax error first (your text
          is kept as is). Meanwhile it shows the parts that still parse.
        </p>
      )}
      <fieldset disabled={!json}>
        <label>
          Title
          <input
            type="text"
            aria-label="Title"
            value={typeof parts.title === 'string' ? parts.title : ''}
            onChange={(e) => edit('title', e.target.value)}
          />
        </label>
        {LINE_PARTS.map((part) => (
          <LinesField
            key={`${part.key}:${base}`}
            label={part.label}
            hint={part.hint}
            value={part.toLines(parts[part.key])}
            parse={part.parse}
            onChange={(v) => edit(part.key, v)}
            onUnapplied={onUnapplied}
          />
        ))}
        <fieldset className="editor-fixes">
          <legend>Fixes</legend>
          {FIX_IDS.map((f) => (
            <label key={f}>
              <input
                type="checkbox"
                checked={fixes.includes(f)}
                onChange={(e) =>
                  edit('fixes', e.target.checked ? [...fixes, f] : fixes.filter((x) => x !== f))
                }
              />{' '}
              {f}
            </label>
          ))}
        </fieldset>
      </fieldset>
    </form>
  );
}
