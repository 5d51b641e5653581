import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the dialog. */
  actions?: ReactNode;
  wide?: boolean;
  /** A form dialog submits on Enter; its actions hold a submit button. */
  onSubmit?: () => void;
  /** The element id to focus first (else the browser's first focusable). */
  initialFocusId?: string;
};

/**
 * A modal on the native <dialog>: focus moves in and is trapped, Escape
 * closes, Ctrl/Cmd+Enter submits a form dialog, and focus returns to where
 * it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, actions, wide, onSubmit, initialFocusId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    if (initialFocusId !== undefined) document.getElementById(initialFocusId)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
    // Opened once per mount; the focus target is read then.
  }, []);
  const body = (
    <>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      <div className="dialog-body">{children}</div>
      {actions !== undefined && <div className="dialog-actions">{actions}</div>}
    </>
  );
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Ctrl/Cmd+Enter saves a form dialog from any field, the JSON editor's too.
        if (onSubmit === undefined || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.querySelector('form')?.requestSubmit();
      }}
    >
      {onSubmit === undefined ? (
        body
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {body}
        </form>
      )}
    </dialog>
  );
}
