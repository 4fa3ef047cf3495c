// The one way to dismiss what opening a link found, in the app's notice and in the embed's.
import { shareStore } from '../../share/sync';

export function DismissNotice() {
  return (
    <button
      type="button"
      className="link"
      aria-label="Dismiss the link notice"
      onClick={() => shareStore.setState({ notice: null })}
    >
      Dismiss
    </button>
  );
}
