// The page layout: header (scenario, fixes), the scenario's story, step controls, then the
// diagram beside the state panels. Each region has its own error boundary: never a blank page.
import { Diagram } from './components/Diagram';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FixToggles } from './components/FixToggles';
import { NextActions } from './components/NextActions';
import { Panels } from './components/Panels';
import { ScenarioInfo, ScenarioPicker } from './components/ScenarioPicker';
import { StepControls } from './components/StepControls';
import { useApp } from './store';
import { useStepKeys } from './useKeyboard';

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
      </div>
    );
  }
  return status === 'running' ? <p className="status muted">Running…</p> : null;
}

export function App() {
  useStepKeys();
  return (
    <div className="app">
      <header className="app-header">
        <h1>Dedup Lab</h1>
        <ScenarioPicker />
        <FixToggles />
      </header>
      <ScenarioInfo />
      <StepControls />
      <Status />
      <main className="workspace">
        <ErrorBoundary label="The diagram">
          <Diagram />
        </ErrorBoundary>
        <aside className="side">
          <ErrorBoundary label="The panels">
            <NextActions />
            <Panels />
          </ErrorBoundary>
        </aside>
      </main>
    </div>
  );
}
