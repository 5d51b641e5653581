import { fireNow, type FireOverride } from '../../stores/firing.ts';
import { useFirable } from '../../stores/firable.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** For robots marked "confirm before firing": one deliberate second click. */
export function ConfirmFireDialog({ presetId, override }: { presetId: string; override?: FireOverride }) {
  const { preset, robot } = useFirable(presetId);
  if (preset === undefined || robot === undefined) return null;
  const go = () => {
    closeDialog();
    void fireNow(preset.id, override);
  };
  return (
    <Dialog
      title={`Fire ${preset.name}?`}
      onClose={closeDialog}
      initialFocusId="confirm-fire"
      actions={
        <>
          <button type="button" className="btn" onClick={closeDialog}>
            Cancel
          </button>
          <button id="confirm-fire" type="button" className="btn btn-primary" onClick={go}>
            ▶ Fire now
          </button>
        </>
      }
    >
      <p>
        &ldquo;{robot.name}&rdquo; is marked to confirm before firing: starting it may have real-world
        effects.
      </p>
      <p className="small muted" style={{ marginTop: 'var(--space-2)' }}>
        {override
          ? 'It will run once with your changes (not saved).'
          : `It will run with the preset's saved arguments.`}
      </p>
    </Dialog>
  );
}
