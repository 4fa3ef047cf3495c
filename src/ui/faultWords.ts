// What each fault kind does, in plain words, in one place: the fault plan's lines (describeFault),
// the ⚡ and arrow menus' items (FaultMenu), the explorer's fault kinds (Explorer/BoundsForm) and
// the editor's format help (Editor/FormatHelp) all read them from here, so they never say
// different things about the same fault.
import type { ExploreFaultKind } from '../engine';

/**
 * A checksum-error's second half: whether the producer's own copy of the message (its local
 * buffer) is corrupted as well as the frame on the wire. `ProducerImpl.recoverChecksumError`
 * drops a corrupted head and fails its send; an intact one is sent again (seed 000).
 */
export const LOCAL_BUFFER = {
  corrupted: {
    label: 'local buffer corrupted',
    means:
      "the producer's own copy of the message is corrupted too, so it drops the message and fails its send (seed 000's silent loss)",
  },
  intact: {
    label: 'local buffer intact',
    means: "only the frame on the wire is corrupted; the producer's copy is good and is sent again",
  },
} as const;

export const bufferWords = (corrupted: boolean) =>
  corrupted ? LOCAL_BUFFER.corrupted : LOCAL_BUFFER.intact;

/** The per-message faults in a few words (the menus' items read `kind (words)`). */
export const MESSAGE_FAULT_WORDS = {
  'not-allowed': 'NotAllowedError on every attempt',
  'lose-receipt': 'persisted, then the connection drops',
  'persist-fails': 'the ledger write fails',
  'send-timeout': 'the producer gives up waiting; the broker may still store it',
  // Go's words: pulsar-client-go's errContextExpired, "message send context expired".
  'context-expired':
    "ErrContextExpired: the SendAsync's context ends while it waits for a permit or for memory; nothing was sent — or a Send(ctx) waiting for its result returns context deadline exceeded, its message still on its way",
  'lose-ack': "the consumer's connection drops with its CommandAck; the broker sends it again",
} as const;

/**
 * context-expired's words where the wait is known (UX review 23, finding 5): a ⚡ stands on one of
 * the two waits — a SendAsync blocked before the hand-over (permits or memory) or a Send(ctx)
 * waiting for the result of a message already handed over (contextExpiryTarget's `written`) — and
 * the item named both, the half that does not apply included.
 */
export const CONTEXT_EXPIRED_WORDS = {
  blocked:
    "ErrContextExpired: the SendAsync's context ends while it waits for a permit or for memory; nothing was sent",
  written:
    'Send(ctx) stops waiting for the result and returns context deadline exceeded; the message, already handed over, is still on its way',
} as const;

/** Which of the two waits a context-expired acts on. */
export type ContextWait = keyof typeof CONTEXT_EXPIRED_WORDS;

/** What the explorer places for each kind it may use, in plain words. */
export const EXPLORE_KIND_WORDS: Readonly<Record<ExploreFaultKind, string>> = {
  'checksum-error':
    'a send reaches the broker corrupted (ChecksumError); the search tries both: local buffer corrupted and intact',
  'checksum-error:corrupted': `checksum-error, ${LOCAL_BUFFER.corrupted.label}: ${LOCAL_BUFFER.corrupted.means}`,
  'checksum-error:intact': `checksum-error, ${LOCAL_BUFFER.intact.label}: ${LOCAL_BUFFER.intact.means}`,
  'not-allowed': `a send breaks a topic policy: ${MESSAGE_FAULT_WORDS['not-allowed']}`,
  'lose-receipt': `a receipt is lost: ${MESSAGE_FAULT_WORDS['lose-receipt']}`,
  'persist-fails': `${MESSAGE_FAULT_WORDS['persist-fails']}; the broker disconnects its producers`,
  'lose-ack':
    "a consumer's connection drops with its acknowledgement on the way: the broker sends the entry again",
  'send-timeout': `${MESSAGE_FAULT_WORDS['send-timeout']} (never the replicator)`,
  'context-expired':
    "a Go application's SendAsync, blocked on a full pending queue or client memory, gives up when its context ends (ErrContextExpired); a Send(ctx) waiting for its result returns context deadline exceeded",
  disconnect: "a producer's connection closes; it reconnects and sends what is pending again",
  'restart-producer':
    "a producer's process restarts: its pending sends are lost, its ids start afresh",
  'unload-topic': 'the topic is unloaded and reloaded; its dedup state is rebuilt by replay',
  'unload-topic:topic':
    "pulsar-admin topics unload: as unload-topic, but the close waits for the replicator's producer, so receipts ahead of that close still delete on the cursor",
  'set-deduplication':
    "an operator switches the topic's deduplication on or off while it runs; switched on, it remembers nothing stored before",
  'expire-messages':
    "the topic's message TTL passes: every subscription's and replicator's cursor skips what is stored so far, replicated or not",
  'trim-topic':
    'the topic is trimmed (retention 0): the ledgers every durable cursor has consumed are deleted, never the current one',
  'duplicate-frames':
    "a producer's connection writes frames it sent before again, then drops sends until it reconnects",
  'ownership-change':
    'another broker takes the topic over while the old owner still believes it owns it',
  'slow-bookie': "a bookie's answers are held back",
  'restart-bookie':
    "a bookie crashes and restarts: what was in flight to and from it is lost, its journal keeps what it stored; the writer's adds waiting for it go to a replacement bookie or fail into a new ledger",
  'restart-broker':
    'the broker serving the topic crashes: its connections close and its unfinished writes are lost; it restarts (with bookies, or another broker) and loads the topic again',
};
