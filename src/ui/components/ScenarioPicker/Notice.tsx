// The store's notice (what the last action could not do, or, as a status, what it did) where it
// belongs: `fault` in the Fault plan panel, `schedule` under the scenario's title. The run on
// screen stays usable; Dismiss closes it.
import { dismissNotice, useApp, type Notice } from '../../store';

export function StoreNotice({ source }: { readonly source: Notice['source'] }) {
  const notice = useApp((s) => (s.notice?.source === source ? s.notice : null));
  if (!notice) return null;
  return (
    <div
      role={notice.tone === 'info' ? 'status' : 'alert'}
      className={`link-notice ${notice.tone === 'info' ? 'ok' : 'warn'} store-notice`}
      data-testid={`notice-${source}`}
    >
      <p>{notice.text}</p>
      {notice.problems.length > 0 && (
        <ul className="plain">
          {notice.problems.map((p, i) => (
            <li key={i}>
              <code>{p.path}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link-button" onClick={dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
