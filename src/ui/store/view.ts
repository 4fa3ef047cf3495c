// What the user sees around the run, not the run itself: the notice, the theme, the shortcut list.
import { appStore } from './state';

/** Closes the notice. */
export function dismissNotice(): void {
  appStore.setState({ notice: null });
}

export function setTheme(theme: 'light' | 'dark'): void {
  appStore.setState({ theme });
}

export function setShortcutsOpen(open: boolean): void {
  appStore.setState({ shortcutsOpen: open });
}
