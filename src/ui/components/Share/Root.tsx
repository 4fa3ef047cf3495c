// What the page shows: the app, the embed view (`#embed=`: the diagram and a step slider only), or,
// for a link that cannot be decoded, a page that says what is wrong and how to recover.
import type { ReactNode } from 'react';
import { DEFAULT_SCENARIO, scenarioOf, selectScenario, setCursor, useApp } from '../../store';
import { BROKEN_TITLES, shareStore, useShare } from '../../share/sync';
import { useThemeAttribute } from '../../theme';
import { useStepKeys } from '../../useKeyboard';
import { Diagram } from '../Diagram';
import { ErrorBoundary } from '../ErrorBoundary';
import '../../share/share.css';

export function BrokenLink() {
  const error = useShare((s) => s.broken);
  if (!error) return null;
  const openDefault = () => {
    history.replaceState(history.state, '', location.pathname + location.search);
    shareStore.setState({ broken: null, mode: 'app', notice: null });
    void selectScenario(DEFAULT_SCENARIO);
  };
  return (
    <main className="broken-link" role="alert" data-testid="broken-link">
      <h1>{BROKEN_TITLES[error.kind]}</h1>
      <p>Dedup Lab could not open the run this link points at: {error.message}</p>
      <p>{error.advice}</p>
      <p className="muted">
        Share links carry the whole recipe (scenario, fixes, fault plan, choices, step) after{' '}
        <code>#s=</code>; nothing is stored on a server, so the link is the only copy.
      </p>
      <button type="button" onClick={openDefault}>
        Open Dedup Lab without the link
      </button>
    </main>
  );
}

const NO_ERRORS: readonly never[] = [];

/** The scenario's title (an edited scenario's only if it is a string), else its id. */
function titleOf(s: Parameters<typeof scenarioOf>[0]): string {
  const shown = scenarioOf(s);
  return typeof shown?.title === 'string' ? shown.title : String(shown?.id ?? s.scenarioId);
}

/**
 * The embed view: the scenario's title, the diagram (with its sticky actor header and zoom) and a
 * step slider. ← → Home End step from anywhere in the page, and the page takes the theme the app
 * saved, else the system's (main.tsx put it in the store; the app's toggle is not here to apply
 * it, and an embed never changes the saved choice).
 */
function Embed() {
  useStepKeys('steps');
  useThemeAttribute();
  const title = useApp(titleOf);
  const cursor = useApp((s) => s.cursor);
  const last = useApp((s) => Math.max(0, (s.result?.steps.length ?? 1) - 1));
  const key = useApp((s) => s.result?.steps[s.cursor]?.key ?? null);
  const errors = useApp((s) => (s.status === 'error' ? s.errors : NO_ERRORS));
  return (
    <div className="embed" data-testid="embed">
      <header className="embed-head">
        <h1>{title}</h1>
      </header>
      {errors.length > 0 && (
        <div role="alert" className="error-box">
          {errors.map((e, i) => (
            <div key={i}>
              <code>{e.path}</code> {e.message}
            </div>
          ))}
        </div>
      )}
      <ErrorBoundary label="The diagram">
        <Diagram />
      </ErrorBoundary>
      <div className="embed-controls" role="group" aria-label="Step controls">
        <input
          type="range"
          aria-label="Step"
          min={0}
          max={last}
          value={cursor}
          onChange={(e) => setCursor(Number(e.target.value))}
        />
        <span data-testid="step-label">
          Step {cursor} of {last}
        </span>
        <code className="muted" title={key ?? undefined}>
          {key ?? 'initial state'}
        </code>
        <button
          type="button"
          className="link"
          onClick={() => window.open(location.href.replace('#embed=', '#s='), '_blank', 'noopener')}
        >
          Open in Dedup Lab
        </button>
      </div>
    </div>
  );
}

export function ShareRoot({ children }: { readonly children: ReactNode }) {
  const broken = useShare((s) => s.broken !== null);
  const mode = useShare((s) => s.mode);
  if (broken) return <BrokenLink />;
  return mode === 'embed' ? <Embed /> : <>{children}</>;
}
