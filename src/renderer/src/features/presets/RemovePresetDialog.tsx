import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { deletePreset, usePresets } from '../../stores/presets.ts';
import { closeDialog } from '../../stores/ui.ts';
import { Dialog } from '../../ui/Dialog.tsx';

export function RemovePresetDialog({ presetId }: { presetId: string }) {
  const preset = usePresets((s) => s.presets.find((p) => p.id === presetId));
  const [error, setError] = useState<string | null>(null);
  if (preset === undefined) return null;
  const remove = () => {
    deletePreset(preset.id).then(closeDialog, (e: unknown) => setError(messageOf(e)));
  };
  return (
    <Dialog
      title={`Delete ${preset.name}?`}
      onClose={closeDialog}
      initialFocusId="remove-preset-cancel"
      actions={
        <>
          <button id="remove-preset-cancel" type="button" className="btn" onClick={closeDialog}>
            Keep it
          </button>
          <button type="button" className="btn btn-danger-solid" onClick={remove}>
            Delete preset
          </button>
        </>
      }
    >
      <p>The preset and its saved arguments go; calls already made with it stay in the history.</p>
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
