// TEMPORARY placeholder created by the build-tooling setup so `vite build` + e2e smoke work.
// The UI engineer replaces this file.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');
createRoot(root).render(
  <StrictMode>
    <h1>Dedup Lab</h1>
  </StrictMode>,
);
