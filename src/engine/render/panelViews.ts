// The panel view-models: what the UI shows per step, as plain data (built by panels.ts).

export interface PendingView {
  readonly opId: number;
  readonly msgs: readonly string[];
  readonly sequenceId: number;
  readonly highestSequenceId: number;
  /** `lowest..highest`, or the lowest id alone (with a warning when a batch lacks its highest). */
  readonly sequenceRange: string;
  readonly localBufferCorrupted: boolean;
}

export interface ProducerPanel {
  readonly name: string;
  readonly client: 'java' | 'go';
  readonly cluster: string;
  readonly state: string;
  readonly instance: number;
  readonly msgIdGenerator: number;
  readonly lastSequenceIdPushed: number;
  readonly lastSequenceIdPublished: number;
  readonly batch: readonly { readonly msg: string; readonly seq: number }[];
  readonly pendingMessages: readonly PendingView[];
  readonly changed: {
    readonly watermarks: boolean;
    readonly batch: boolean;
    readonly pending: boolean;
  };
}

export interface ChannelPanel {
  readonly id: string;
  readonly producer: string;
  readonly broker: string;
  readonly epoch: number;
  readonly open: boolean;
  readonly toBroker: readonly string[];
  readonly toClient: readonly string[];
  readonly changed: boolean;
}

export interface DedupRow {
  readonly producer: string;
  /** null: the broker has no entry for this name (which accepts every sequence id). */
  readonly pushed: number | null;
  readonly persisted: number | null;
}

export interface EntryView {
  readonly position: string;
  readonly msgs: readonly string[];
  readonly sequenceRange: string;
}

export interface TopicPanel {
  readonly cluster: string;
  readonly owner: string;
  readonly dedupEnabled: boolean;
  readonly fenced: boolean;
  readonly dedup: readonly DedupRow[];
  readonly pendingWrites: readonly {
    readonly producer: string;
    readonly msgs: readonly string[];
    readonly sequenceRange: string;
  }[];
  readonly ledgers: readonly {
    readonly id: number;
    readonly closed: boolean;
    readonly entries: readonly EntryView[];
  }[];
  /** Every message stored in this cluster, in read order. */
  readonly stored: readonly string[];
  readonly changed: {
    readonly dedup: boolean;
    readonly pendingWrites: boolean;
    readonly ledgers: boolean;
  };
}

export interface Panels {
  readonly producers: readonly ProducerPanel[];
  readonly channels: readonly ChannelPanel[];
  readonly topics: readonly TopicPanel[];
}
