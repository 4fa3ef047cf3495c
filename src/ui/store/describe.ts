// A fault plan entry in words, for the Fault plan panel, branch labels, notices and the GitHub
// issue text: one sentence per kind, with the trigger that makes a topology fault fire.
import { bufferWords } from '../faultWords';
import { ordinal } from '../ordinal';
import type { FaultJson } from './state';

const EVENT_TEXT: Readonly<Record<string, string>> = {
  sent: 'is sent',
  received: 'reaches the broker',
  persisted: 'is persisted',
  acked: 'is acknowledged',
};

/** When a topology fault fires, as words: " after step 3", " after M2 is persisted at us-west". */
export function describeTrigger(after: unknown): string {
  if (after === null || typeof after !== 'object') return '';
  const t = after as Readonly<Record<string, unknown>>;
  if (typeof t.step === 'number') return ` after step ${t.step}`;
  if (t.when === 'quiescent') return ' when the run is quiescent (nothing else can happen)';
  if (typeof t.event === 'string' && typeof t.message === 'string') {
    const where = typeof t.cluster === 'string' ? ` at ${t.cluster}` : '';
    return ` after ${t.message} ${EVENT_TEXT[t.event] ?? t.event}${where}`;
  }
  return '';
}

/** A plan entry's other fields as `key value` words (a kind this list does not know yet). */
function fieldsText(f: FaultJson): string {
  const parts = Object.entries(f)
    .filter(([k, v]) => k !== 'kind' && k !== 'after' && v !== undefined)
    .map(
      ([k, v]) =>
        `${k} ${Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`,
    );
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/**
 * A producer in words: a two-way replicator's key (`replicator:us-east->us-west`, the name the
 * scenario JSON and the diagram's lanes use) as "the us-east → us-west replicator", the words its
 * topology node and the engine's step words use; any other name as written. The Fault plan said
 * "disconnect replicator:us-east->us-west" beside a node reading "replicator us-east → us-west"
 * (UX review 15, finding 6).
 */
export function producerWords(name: string): string {
  const m = /^replicator:(.+)->(.+)$/.exec(name);
  return m ? `the ${m[1]} → ${m[2]} replicator` : name;
}

/** `text` with a leading producer name in words, as a sentence: "The us-east → us-west …". */
export function producerSentence(text: string, name: string): string {
  const words = producerWords(name);
  if (words === name || !text.startsWith(name)) return text;
  return words[0]!.toUpperCase() + words.slice(1) + text.slice(name.length);
}

/** A short human description of a fault plan entry, with its trigger when it has one. */
export function describeFault(f: FaultJson): string {
  const at = typeof f.cluster === 'string' ? ` at ${f.cluster}` : '';
  const after = describeTrigger(f.after);
  switch (f.kind) {
    case 'checksum-error':
      return `checksum-error on ${String(f.message)}${at} (${bufferWords(f.localBufferCorrupted !== false).label})`;
    case 'not-allowed': {
      const times =
        typeof f.times === 'number' && f.times > 0
          ? ` (the first ${f.times === 1 ? 'attempt' : `${f.times} attempts`})`
          : ' (every attempt)';
      return `not-allowed on ${String(f.message)}${at}${times}`;
    }
    case 'lose-receipt':
    case 'persist-fails':
      return `${f.kind} on ${String(f.message)}${at}`;
    case 'lose-ack':
      return `lose-ack on ${String(f.message)}${at}${typeof f.subscription === 'string' ? ` (${f.subscription}'s CommandAck is lost with its connection)` : ''}`;
    case 'disconnect':
    case 'restart-producer':
      return `${f.kind} ${producerWords(String(f.producer))}${after}`;
    case 'send-timeout':
      return `send-timeout on ${String(f.message)} (its producer's send timer fires while it is pending)${after}`;
    case 'context-expired':
      return `context-expired on ${String(f.message)} (the Go application's context ends while its SendAsync waits for a permit or for memory, or its Send(ctx) for the result)${after}`;
    case 'unload-topic':
      return `unload-topic${at}${f.scope === 'topic' ? ' (pulsar-admin topics unload: its close waits for its clients)' : ''}${after}`;
    case 'set-deduplication':
      return `deduplication switched ${f.enabled === false ? 'off' : 'on'}${at} (topic policy)${after}`;
    case 'expire-messages':
      return `message TTL passes${at} (every stored entry expires on each subscription's and replicator's cursor)${after}`;
    case 'trim-topic':
      return `trim-topic${at} (the ledgers every durable cursor consumed are deleted; retention 0)${after}`;
    case 'ownership-change':
      return `ownership-change${at} to ${String(f.to)}${after}`;
    case 'restart-broker':
      return `restart-broker${at}: ${typeof f.to === 'string' ? `the broker crashes; ${f.to} loads the topic` : 'the broker crashes and restarts'}${after}`;
    case 'restart-bookie':
      return `restart-bookie ${String(f.bookie)}: it crashes and restarts${after}`;
    case 'slow-bookie':
      return `slow-bookie ${String(f.bookie)}${typeof f.message === 'string' ? ` for ${f.message}` : ''}`;
    case 'duplicate-frames': {
      const frames = Array.isArray(f.frames) ? f.frames.map(String).join(', ') : '';
      const from = typeof f.atSend === 'number' ? ` from its ${ordinal(f.atSend)} send` : '';
      return `duplicate-frames on ${producerWords(String(f.producer))}'s connection${from}: ${frames ? `writes the frames of ${frames} again, then ` : ''}drops further sends until it reconnects`;
    }
    default:
      return `${f.kind}${at}${fieldsText({ ...f, cluster: undefined } as FaultJson)}${after}`;
  }
}
