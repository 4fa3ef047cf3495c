// The page layout: header (scenario, fixes), the scenario's story, step controls, then the
// diagram beside the state panels. Each region has its own error boundary: never a blank page.
import { Branches } from './components/Branches';
import { Diagram } from './components/Diagram';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Explorer } from './components/Explorer';
import { FaultPlan } from './components/FaultPlan';
import { FixToggles } from './components/FixToggles';
import { Guide } from './components/Guide';
import { NextActions } from './components/NextActions';
import { Panels } from './components/Panels';
import { ScenarioInfo, ScenarioPicker } from './components/ScenarioPicker';
import { StepControls } from './components/StepControls';
import { Topology } from './components/Topology';
import { SideNav } from './components/SideNav';
import { Shortcuts } from './components/Shortcuts';
import { LinkNotice, ShareBar } from './components/Share';
import { useShareInHeader } from './components/Share/placement';
import { resetBranches, retry, useApp } from './store';
import { chooseTheme, useThemeAttribute } from './theme';
import { usePlayback, useStepKeys } from './useKeyboard';

/** What the user can do about an error, by where it comes from. */
function adviceFor(paths: readonly string[]): string {
  if (paths.includes('worker'))
    return 'The engine worker failed and has been restarted. Retry runs the same recipe again; if it fails again, go back to the scenario as written or pick another scenario.';
  if (paths.some((p) => p.startsWith('$')))
    return 'The recipe does not validate: the field is named by its JSON path above. Remove the fault or branch that introduced it (back to the scenario as written), or pick another scenario.';
  return 'Retry, or go back to the scenario as written.';
}

function Status() {
  const status = useApp((s) => s.status);
  const errors = useApp((s) => s.errors);
  if (status === 'error') {
    return (
      <div role="alert" className="error-box">
        <strong>The scenario could not be run.</strong>
        <ul className="plain">
          {errors.map((e, i) => (
            <li key={i}>
              <code>{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
        <p className="advice">{adviceFor(errors.map((e) => e.path))}</p>
        <button type="button" onClick={() => void retry()}>
          Retry
        </button>{' '}
        <button type="button" onClick={() => void resetBranches()}>
          Back to the scenario as written
        </button>
      </div>
    );
  }
  return status === 'running' ? <p className="status muted">Running…</p> : null;
}

function ThemeToggle() {
  const theme = useApp((s) => s.theme);
  useThemeAttribute();
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label="Dark theme"
      aria-pressed={theme === 'dark'}
      onClick={() => chooseTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}

export function App() {
  useStepKeys();
  usePlayback();
  // One bar, in the header's first line on a wide window, else on its own row (Share/placement.ts).
  const shareInHeader = useShareInHeader();
  return (
    <div className="app">
      <header className="app-header">
        <h1>Dedup Lab</h1>
        <ScenarioPicker />
        {shareInHeader && <ShareBar />}
        <ThemeToggle />
        <FixToggles />
      </header>
      {!shareInHeader && <ShareBar />}
      <LinkNotice />
      <ScenarioInfo />
      <StepControls />
      <Status />
      <main className="workspace">
        <ErrorBoundary label="The diagram">
          <Diagram />
        </ErrorBoundary>
        <aside className="side">
          <ErrorBoundary label="The panels">
            <SideNav />
            <Guide />
            <NextActions />
            <Branches />
            <FaultPlan />
            <Explorer />
            <Topology />
            <Panels />
          </ErrorBoundary>
        </aside>
      </main>
      <Shortcuts />
    </div>
  );
}
