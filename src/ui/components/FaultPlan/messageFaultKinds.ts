// The per-message fault kinds a ⚡ menu offers, and the fault-plan JSON each one adds. Kept apart
// from the menu's component: the diagram's arrow menu and the panels' ⚡ menus decide which kinds
// to offer from these lists without rendering a menu.
import type { FaultJson } from '../../store';

export type MessageFault =
  | 'checksum-corrupted'
  | 'checksum-intact'
  | 'not-allowed'
  | 'lose-receipt'
  | 'persist-fails'
  | 'send-timeout'
  | 'context-expired'
  | 'lose-ack';

/** The faults of a frame on its way to the broker: the send itself can fail. */
export const SEND_FAULTS: readonly MessageFault[] = [
  'checksum-corrupted',
  'checksum-intact',
  'not-allowed',
  'persist-fails',
];
/** The faults of a pending message: it may still be sent, answered or written (its receipt lost). */
export const ALL_FAULTS: readonly MessageFault[] = [...SEND_FAULTS, 'lose-receipt'];

/**
 * The plan entry of `kind` on `message`. `subscription` names whose acknowledgement a lose-ack
 * drops (the arrow's consumer); absent, the validator takes the cluster's only acking subscription.
 */
export function faultJson(
  kind: MessageFault,
  message: string,
  cluster: string,
  subscription?: string,
): FaultJson {
  switch (kind) {
    case 'checksum-corrupted':
    case 'checksum-intact':
      return {
        kind: 'checksum-error',
        message,
        cluster,
        localBufferCorrupted: kind === 'checksum-corrupted',
      };
    case 'send-timeout':
    case 'context-expired':
      // Client-side: the message decides the producer, no cluster.
      return { kind, message };
    case 'lose-ack':
      return { kind, message, cluster, ...(subscription !== undefined && { subscription }) };
    default:
      return { kind, message, cluster };
  }
}

/** `kinds`, plus `extra` when it can act (and is not there already). */
const withKind = (
  kinds: readonly MessageFault[],
  extra: MessageFault,
  applies: boolean,
): readonly MessageFault[] => (applies && !kinds.includes(extra) ? [...kinds, extra] : kinds);

/** `kinds`, plus send-timeout when it can act (the ⚡ menus and the diagram's arrow menu alike). */
export const withSendTimeout = (
  kinds: readonly MessageFault[],
  applies: boolean,
): readonly MessageFault[] => withKind(kinds, 'send-timeout', applies);

/**
 * `kinds`, plus context-expired when it can act: a Go application waits in SendAsync for this
 * message (a permit or memory), so the context it passed may end there — offered on the ⚡ beside
 * the panel's "waits in SendAsync" text — or waits in Send(ctx) for the result of this message,
 * already handed over: offered on its pending op's ⚡, its frame's and its arrow's menu.
 */
export const withContextExpired = (
  kinds: readonly MessageFault[],
  applies: boolean,
): readonly MessageFault[] => withKind(kinds, 'context-expired', applies);
