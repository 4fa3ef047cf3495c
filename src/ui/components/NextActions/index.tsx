// What could happen next from the current step, in the engine's stable order: the first is what
// `auto` takes (marked default), and the one this trace takes next is marked too. Each is a
// button: the one taken next steps forward; any other forks the timeline from here (a branch).
// A choice replaces the list (the next step's actions): the focus stays in it, on the action the
// new trace takes next, so Enter again steps on and Tab/arrows pick another. A visually hidden
// ", " parts each badge ("default", "taken next") from the key: a copy or a screen reader's line
// read "fault:disconnect:p1default" as one word (review 11). The button keeps its title as its
// description. Each key has its words beside it (ui/keyWords): what the step does, in product.md's
// terms (UX review 14, finding 11), a fault as the Fault plan words it (UX review 15).
import { useEffect, useRef } from 'react';
import { keyWords } from '../../keyWords';
import { pickAction, useApp, useShownStep } from '../../store';
import { EndNotes } from '../Panels/EndNotes';

export function NextActions() {
  // The same step as the panels (useShownStep).
  const { result, cursor } = useShownStep();
  const enabled = result?.steps[cursor]?.enabled;
  const world = result?.steps[cursor]?.world;
  const taken = result?.steps[cursor + 1]?.key ?? null;
  const busy = useApp((s) => s.status === 'running');
  const plan = useApp((s) => s.branches[s.branch]?.faults);
  const section = useRef<HTMLElement>(null);
  // A choice was made here and the focus should follow it to the new list.
  const chose = useRef(false);

  useEffect(() => {
    if (!chose.current || busy || !section.current) return;
    chose.current = false;
    // Only if the focus is still here or was lost with the old buttons (not if the user moved on).
    const active = document.activeElement;
    if (active && active !== document.body && !section.current.contains(active)) return;
    const buttons = section.current.querySelectorAll<HTMLElement>('button.action');
    const next = section.current.querySelector<HTMLElement>('li.taken button.action');
    (next ?? buttons[0] ?? section.current).focus();
  }, [enabled, busy]);

  if (!enabled || !world) return null;
  // At the run's last step, why it is quiet when work is undone (a broken channel, a stuck send).
  const last = result !== null && result !== undefined && cursor === result.steps.length - 1;
  return (
    <section
      ref={section}
      className="panel"
      aria-label="Next actions"
      data-testid="panel-next"
      tabIndex={-1}
    >
      <h3>Next actions</h3>
      {enabled.length === 0 ? (
        <p className="muted">Nothing is enabled: the run is over.</p>
      ) : (
        <>
          <ol className="next-actions">
            {enabled.map((key, i) => {
              const words = keyWords(key, world, plan);
              const tags = [
                ...(i === 0 ? [['default', 'tag']] : []),
                ...(key === taken ? [['taken next', 'tag tag-accent']] : []),
              ];
              return (
                <li key={key} className={key === taken ? 'taken' : undefined}>
                  <button
                    type="button"
                    className="action"
                    // Not `disabled` while running: a disabled button drops the focus to <body>.
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (busy) return;
                      chose.current = true;
                      void pickAction(key);
                    }}
                    title={
                      key === taken
                        ? 'What this trace does next: step forward'
                        : 'Fork the timeline: do this next, then continue with the default policy'
                    }
                  >
                    <code>{key}</code>
                  </button>
                  {tags.map(([word, cls]) => (
                    <span key={word}>
                      <span className="visually-hidden">, </span>
                      <span className={cls}>{word}</span>
                    </span>
                  ))}
                  {/* Beside the button, not in it: its name stays the key that schedules and tests use. */}
                  {words && (
                    <span className="action-words">
                      <span className="visually-hidden">: </span>
                      {words}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
          {enabled.length > 1 && (
            <p className="muted hint">Pick another action to fork the timeline from this step.</p>
          )}
        </>
      )}
      {last && <EndNotes result={result} place="next" />}
    </section>
  );
}
