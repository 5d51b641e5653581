import { visibleText } from '../../../../shared/visibleText.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** A robot-tray:// link that could not be opened, and why (main's words). */
export function LinkProblemDialog({ message }: { message: string }) {
  return (
    <Dialog
      title="This link cannot be opened"
      onClose={closeDialog}
      initialFocusId="link-problem-ok"
      actions={
        <button id="link-problem-ok" type="button" className="btn btn-primary" onClick={closeDialog}>
          OK
        </button>
      }
    >
      <p role="alert" data-testid="link-problem">
        {visibleText(message)}
      </p>
      <p className="small muted" style={{ marginTop: 'var(--space-2)' }}>
        Nothing was sent.
      </p>
    </Dialog>
  );
}
