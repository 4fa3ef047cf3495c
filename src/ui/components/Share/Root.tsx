// What the page shows: the app, the embed view (`#embed=`: the diagram and a step slider only), or,
// for a link that cannot be decoded, a page that says what is wrong and how to recover.
import type { ReactNode } from 'react';
import { DEFAULT_SCENARIO, scenarioOf, selectScenario, setCursor, useApp } from '../../store';
import { BROKEN_TITLES, shareStore, useShare } from '../../share/sync';
import { useThemeAttribute } from '../../theme';
import { useStepKeys } from '../../useKeyboard';
import { BUILTINS } from '../../../scenarios';
import { Diagram } from '../Diagram';
import { hasDraft, useUserDrafts } from '../Editor/draft';
import { ErrorBoundary } from '../ErrorBoundary';
import { DismissNotice } from './DismissNotice';
import '../../share/share.css';

/**
 * What the broken-link page says of the editor's drafts: a link that cannot be opened touches none
 * of them, and someone who had work in this browser wants to read that before leaving the page
 * (review 9). Null without drafts.
 */
function DraftsKept() {
  const own = useUserDrafts();
  const edited = BUILTINS.filter((b) => hasDraft(b.id)).map((b) => b.id);
  if (own.length === 0 && edited.length === 0) return null;
  return (
    <p data-testid="broken-link-drafts">
      Your drafts in this browser are untouched
      {own.length > 0 && (
        <>
          : {own.map((d) => `“${d.title}” (${d.id})`).join(', ')}, listed under Your drafts in the
          Scenario picker
        </>
      )}
      {edited.length > 0 && (
        <>
          {own.length > 0 ? '; and your' : ': your'} edits of {edited.join(', ')}, in the editor
          when you start from {edited.length === 1 ? 'it' : 'one of them'}
        </>
      )}
      .
    </p>
  );
}

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
      <DraftsKept />
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
  // What opening the link found, when it is a warning (a replay that diverged, a built-in this
  // version lacks): the embed showed a different run than its author's without a word (review 9
  // follow-up). A replay that matched says nothing here: the embed stays the diagram.
  const warning = useShare((s) => (s.notice && !s.notice.ok ? s.notice.text : null));
  return (
    <div className="embed" data-testid="embed">
      <header className="embed-head">
        <h1 title={title}>{title}</h1>
      </header>
      {warning && (
        <p role="alert" className="embed-notice" data-testid="link-notice">
          {warning} <DismissNotice />
        </p>
      )}
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
