// The menu items of the per-message faults: a label per kind (with what the local buffer state
// means, on the pointer), and a choice adds the fault to the plan. Shared by the ⚡ menus and the
// diagram's arrow menu. A kind with a reason (neverActs: it would never act in this run) is
// disabled and says why on a line under it, which is also its description to a screen reader.
import { Fragment, useId } from 'react';
import {
  CONTEXT_EXPIRED_WORDS,
  LOCAL_BUFFER,
  MESSAGE_FAULT_WORDS,
  type ContextWait,
} from '../../faultWords';
import { faultJson, type MessageFault } from './messageFaultKinds';
import { pickFault } from './pickNote';

const W = MESSAGE_FAULT_WORDS;
const LABEL: Record<MessageFault, string> = {
  'checksum-corrupted': `checksum-error, ${LOCAL_BUFFER.corrupted.label}`,
  'checksum-intact': `checksum-error, ${LOCAL_BUFFER.intact.label}`,
  'not-allowed': `not-allowed (${W['not-allowed']})`,
  'lose-receipt': `lose-receipt (${W['lose-receipt']})`,
  'persist-fails': `persist-fails (${W['persist-fails']})`,
  'send-timeout': `send-timeout (${W['send-timeout']})`,
  'context-expired': `context-expired (${W['context-expired']})`,
  'lose-ack': `lose-ack (${W['lose-ack']})`,
};
/** The pointer's hint on an item: what the local buffer state means. */
const HINT: Partial<Record<MessageFault, string>> = {
  'checksum-corrupted': LOCAL_BUFFER.corrupted.means,
  'checksum-intact': LOCAL_BUFFER.intact.means,
};

/**
 * The items of the faults `kinds` for one message. `before` runs first (the diagram moves the
 * cursor to just before the arrow).
 */
export function FaultItems(props: {
  /** Where the menu is (pickNote): its note of the pick shows there. */
  readonly origin: string;
  readonly message: string;
  readonly cluster: string;
  /** The consumer's subscription, for lose-ack (an acknowledgement's arrow). */
  readonly subscription?: string;
  readonly kinds: readonly MessageFault[];
  readonly onPick?: () => void;
  readonly before?: () => void;
  /** Why a kind cannot act (its item disabled); absent: every kind can be picked. */
  readonly reasons?: Partial<Record<MessageFault, string>>;
  /** The wait a context-expired acts on here, when known: its item says that one only. */
  readonly wait?: ContextWait;
}) {
  const { origin, message, cluster, subscription, kinds, onPick, before, reasons = {} } = props;
  const label = (k: MessageFault) =>
    k === 'context-expired' && props.wait
      ? `context-expired (${CONTEXT_EXPIRED_WORDS[props.wait]})`
      : LABEL[k];
  const id = useId();
  return (
    <>
      {kinds.map((k) => {
        const why = reasons[k];
        return (
          <Fragment key={k}>
            <button
              type="button"
              role="menuitem"
              disabled={why !== undefined}
              title={HINT[k]}
              aria-describedby={why !== undefined ? `${id}-${k}` : undefined}
              onClick={() => {
                onPick?.();
                before?.();
                void pickFault(origin, faultJson(k, message, cluster, subscription));
              }}
            >
              {label(k)}
            </button>
            {why !== undefined && (
              <span id={`${id}-${k}`} className="fault-why">
                {why}
              </span>
            )}
          </Fragment>
        );
      })}
    </>
  );
}
