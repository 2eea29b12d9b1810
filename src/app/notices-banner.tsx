/** Notes about things the app had to drop (bad saved data, unreadable links), dismissible. */
import { useNotices } from '../state/app-stores-context.tsx';

export function NoticesBanner() {
  const notices = useNotices((state) => state.notices);
  const noticeDismissed = useNotices((state) => state.noticeDismissed);
  if (notices.length === 0) return null;
  return (
    <ul aria-label="Notices" className="mb-4 flex flex-col gap-2">
      {notices.map((notice) => (
        // A list item stays a list item (a role on the <li> breaks the list for screen readers);
        // the text is the live region.
        <li
          key={notice.id}
          className={`flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm ${notice.tone === 'warning' ? 'border-warn bg-warn-soft' : 'border-line bg-info-soft'}`}
        >
          <span role="status">{notice.text}</span>
          <button
            type="button"
            className="shrink-0 rounded px-2 font-medium underline"
            onClick={() => noticeDismissed(notice.id)}
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
