// Entry point: the engine runs in a worker; the store starts on the default scenario.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startRestartingWorker } from './engineRunner';
import { ShareRoot } from './components/Share/Root';
import { startFromLocation } from './share/sync';
import { setRunner } from './store';
import { startTheme } from './theme';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

try {
  setRunner(startRestartingWorker());
} catch (e) {
  // No module workers (an old browser, a locked-down page): say so in the page, not the console.
  const message = `the engine worker could not start: ${e instanceof Error ? e.message : String(e)}`;
  setRunner(() => Promise.resolve({ ok: false, errors: [{ path: 'worker', message }] }));
}
// A share link in the address opens that run (and the address then follows the screen).
void startFromLocation();
startTheme();

createRoot(root).render(
  <StrictMode>
    <ShareRoot>
      <App />
    </ShareRoot>
  </StrictMode>,
);
