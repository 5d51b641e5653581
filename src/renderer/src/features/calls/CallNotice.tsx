import { useCallsView, type NoticePlace } from '../../stores/callsView.ts';

/** The last action's outcome, shown where that action was taken, with Undo while it can be undone. */
export function CallNotice({ place }: { place: NoticePlace }) {
  const notice = useCallsView((s) => (s.notice?.place === place ? s.notice : null));
  if (notice === null) return null;
  return (
    <p
      role={notice.error ? 'alert' : 'status'}
      className={`small ${notice.error ? 'field-error' : 'muted'} call-notice call-notice-${place}`}
      data-testid={`call-notice-${place}`}
    >
      {notice.text}
      {notice.undo !== undefined && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={notice.undo}>
            Undo
          </button>
        </>
      )}
    </p>
  );
}
