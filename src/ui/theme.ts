// The page's theme: the one the user chose with the toggle (kept in localStorage), or else the
// system's, followed live — a laptop that turns dark at sunset turns the app dark too. Only a
// click on the toggle is saved: saving whatever the page showed would freeze the system's theme of
// the first visit and stop following it.
import { useEffect } from 'react';
import { setTheme, useApp } from './store';

const KEY = 'dedup-lab-theme';
const DARK = '(prefers-color-scheme: dark)';

type Theme = 'light' | 'dark';

function saved(): Theme | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null; // no storage (private mode): nothing was chosen
  }
}

/** The theme at start, and the system's changes followed for as long as nothing was chosen. */
export function startTheme(): void {
  const media = typeof matchMedia === 'function' ? matchMedia(DARK) : null;
  setTheme(saved() ?? (media?.matches ? 'dark' : 'light'));
  media?.addEventListener('change', (e) => {
    if (saved() === null) setTheme(e.matches ? 'dark' : 'light');
  });
}

/** The user's choice (the toggle): applied and kept, so the system's theme no longer overrides it. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage may be unavailable (private mode): the theme still applies for this page
  }
  setTheme(theme);
}

/** The page takes the store's theme (`data-theme` on <html>): the app and the embed view both. */
export function useThemeAttribute(): void {
  const theme = useApp((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
