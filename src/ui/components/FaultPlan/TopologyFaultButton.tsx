// One topology fault as a button: the fault-plan panel's and a node menu's item. A disabled item
// says why (the engine's faultReason, carried by topologyFaults): on the pointer (title) and to a
// screen reader (its description, a hidden element it points at with aria-describedby), e.g.
// "nothing to expire at us-east: no backlog on the replicator to us-west". Disabled while a run is
// busy says nothing: that is the whole panel's state, shown as such.
import { useId } from 'react';
import { pickFault } from './pickNote';
import { placeFault, type TopologyFault } from './topologyFaults';

export function TopologyFaultButton(props: {
  readonly fault: TopologyFault;
  readonly busy: boolean;
  /** `menuitem` in a node menu. */
  readonly role?: 'menuitem';
  /** Runs before the fault is placed (a menu closes). */
  readonly onPick?: () => void;
  /** A menu's origin (pickNote): the pick is noted where that origin's PickedNote is drawn. */
  readonly note?: string;
}) {
  const { fault: f, busy, role, onPick, note } = props;
  const id = useId();
  const why = f.disabled ? f.reason : null;
  return (
    <>
      <button
        type="button"
        role={role}
        disabled={busy || f.disabled}
        title={why ?? undefined}
        aria-describedby={why !== null ? id : undefined}
        onClick={() => {
          onPick?.();
          void (note !== undefined ? pickFault(note, f.fault) : placeFault(f));
        }}
      >
        {f.label}
      </button>
      {why !== null && (
        <span id={id} hidden>
          {why}
        </span>
      )}
    </>
  );
}
