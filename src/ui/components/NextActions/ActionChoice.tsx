// One enabled action offered where its outcome shows (a panel's "can happen next" line), as Next
// actions offers it: picking it is the same choice (pickAction) — the action this trace takes next
// steps forward, any other forks the timeline. The button says the action in words; its title keeps
// the key that schedules and tests use.
import type { ReactNode } from 'react';
import { pickAction, useApp } from '../../store';

export function ActionChoice({
  actionKey,
  taken,
  children,
}: {
  readonly actionKey: string;
  /** This trace takes `actionKey` next. */
  readonly taken: boolean;
  /** The action in words. */
  readonly children: ReactNode;
}) {
  const busy = useApp((s) => s.status === 'running');
  return (
    <span>
      <button
        type="button"
        className="action"
        // Not `disabled` while running: a disabled button drops the focus to <body>.
        aria-disabled={busy || undefined}
        title={
          taken
            ? `${actionKey}: what this trace does next — step forward`
            : `${actionKey}: fork the timeline — do this next, then continue with the default policy`
        }
        onClick={() => {
          if (!busy) void pickAction(actionKey);
        }}
      >
        {children}
      </button>
      {taken && (
        <>
          <span className="visually-hidden">, </span>
          <span className="tag tag-accent">taken next</span>
        </>
      )}{' '}
    </span>
  );
}
