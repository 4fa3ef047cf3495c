// The consumer part of the editor form: the top-level `consumer` block (how readers assemble
// chunked messages, sessions 18 and 19) as one line, both ways — `maxPendingChunkedMessage=1
// autoAckOldestChunkedMessageOnQueueFull=true expireTimeOfIncompleteChunkedMessageMillis=60000` —
// its options the JSON's own keys. Before UX review 19 only the JSON edited it, while the form
// covered every other block a built-in of session 18 uses (a producer's maxPendingMessages,
// blockIfQueueFull).
import { bool, lines, num, options, str, type Json, type Parsed } from './lineSyntax';

const KEYS = [
  'maxPendingChunkedMessage',
  'autoAckOldestChunkedMessageOnQueueFull',
  'expireTimeOfIncompleteChunkedMessageMillis',
] as const;

/** The block as one line of its options; '' when there is none (or it is not an object). */
export function consumerToLines(v: unknown): string {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return '';
  const c = v as Json;
  return KEYS.filter((k) => c[k] !== undefined)
    .map((k) => `${k}=${str(c[k])}`)
    .join(' ');
}

/**
 * One line of options to the block; no line to `undefined`, which leaves `consumer` out of the JSON
 * (the defaults: 10 and false). Values the validator would refuse ("-1", "yes") are kept as written,
 * so its named error (`$.consumer.maxPendingChunkedMessage: …`) says what is wrong.
 */
export function linesToConsumer(text: string): Parsed<Json | undefined> {
  const ls = lines(text);
  if (ls.length === 0) return { ok: true, value: undefined };
  const [first, second] = ls;
  if (first!.error !== undefined) return { ok: false, error: first!.error };
  if (second)
    return {
      ok: false,
      error: `line ${second.n}: the consumer is one line (its options side by side: ${KEYS.map((k) => `${k}=…`).join(' ')})`,
    };
  const o = options(first!.words, first!.n, KEYS);
  if (!o.ok) return o;
  const {
    maxPendingChunkedMessage: max,
    autoAckOldestChunkedMessageOnQueueFull: autoAck,
    expireTimeOfIncompleteChunkedMessageMillis: expire,
  } = o.value;
  return {
    ok: true,
    value: {
      ...(max !== undefined ? { maxPendingChunkedMessage: num(max) } : {}),
      ...(autoAck !== undefined ? { autoAckOldestChunkedMessageOnQueueFull: bool(autoAck) } : {}),
      ...(expire !== undefined ? { expireTimeOfIncompleteChunkedMessageMillis: num(expire) } : {}),
    },
  };
}
