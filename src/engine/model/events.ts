// What a step produced, as plain data. Renderers draw these (an arrow when `to` is set, a note
// otherwise); invariants and plan triggers read their kinds. Events never drive behaviour.

export type EventKind =
  /** An application call: sendAsync, flush. */
  | 'app'
  /** The client wrote a CommandSend on its connection. */
  | 'write'
  /** A broker received a CommandSend and classified it. */
  | 'receive'
  /** A ledger write completed (the entry is stored). */
  | 'persist'
  /** A ledger write failed. */
  | 'persist-failed'
  /** A receipt or error reached the client. */
  | 'response'
  /** An application future/callback completed (success or failure). */
  | 'complete'
  /** A connection closed (fault, error branch, receipt mismatch). */
  | 'close'
  /** A producer (re)connected: CommandProducer → ProducerSuccess. */
  | 'connect'
  /** A fault fired. */
  | 'fault'
  /** Something worth a note that changes no state (a log line Pulsar would print). */
  | 'log';

export interface SimEvent {
  readonly kind: EventKind;
  /** Diagram participant where it happens (the sender, for an arrow). */
  readonly actor: string;
  /** Diagram participant it goes to (arrows only). */
  readonly to?: string;
  /** One short, plain line (no markup): the renderers escape it. */
  readonly text: string;
  /** Logical message ids involved. */
  readonly msgs: readonly string[];
  readonly cluster?: string;
  /** A response arrow (dashed in the diagram). */
  readonly reply?: boolean;
  /** Coverage mark: the Pulsar rule/branch that produced this event (`Class.method:branch`). */
  readonly rule?: string;
}

/** `1 entry`, `2 entries`: event and finding texts are read as sentences. */
export const entriesText = (n: number): string => (n === 1 ? '1 entry' : `${n} entries`);

export function ev(
  kind: EventKind,
  actor: string,
  text: string,
  msgs: readonly string[],
  extra: Partial<Omit<SimEvent, 'kind' | 'actor' | 'text' | 'msgs'>> = {},
): SimEvent {
  return { kind, actor, text, msgs, ...extra };
}
