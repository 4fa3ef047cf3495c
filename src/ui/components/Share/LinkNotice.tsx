// What opening a link found, above the run: the replay verified or where it diverged, how the
// explorer found the run when the link says so (session 26), and the ways on (step 0, dismiss).
import { stepFirst, useApp } from '../../store';
import { useShare } from '../../share/sync';
import { DismissNotice } from './DismissNotice';

/** What opening a link found: verified, or where the replay diverged. */
export function LinkNotice() {
  const notice = useShare((s) => s.notice);
  const atStart = useApp((s) => s.cursor === 0);
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={notice.ok ? 'link-notice ok' : 'link-notice warn'}
      data-testid="link-notice"
    >
      {notice.text} {/* The way back to the start, named where the link says where it opened. */}
      {/* Lines of their own; the space after each keeps the words apart in the text read aloud. */}
      {notice.found && (
        <>
          <span className="link-notice-line" data-testid="link-found">
            {notice.found}
          </span>{' '}
        </>
      )}
      {notice.ignored && (
        <>
          <span className="link-notice-line" data-testid="link-found-ignored">
            {notice.ignored}
          </span>{' '}
        </>
      )}
      {!atStart && !notice.kept && (
        <>
          <button type="button" className="link" onClick={stepFirst}>
            Go to step 0
          </button>
          {' · '}
        </>
      )}
      <DismissNotice />
    </p>
  );
}
