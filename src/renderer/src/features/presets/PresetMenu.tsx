import { useState } from 'react';
import type { Preset } from '../../../../shared/models/preset.ts';
import { messageOf } from '../../bridge/call.ts';
import { duplicatePreset, updatePreset } from '../../stores/presets.ts';
import { openDialog } from '../../stores/ui.ts';

/** Less frequent actions on a preset, as plain buttons (no hidden menu to discover). */
export function PresetMenu({ preset }: { preset: Preset }) {
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<unknown>) => {
    setError(null);
    action().catch((e: unknown) => setError(messageOf(e)));
  };
  return (
    <div className="preset-menu">
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => openDialog({ kind: 'editPreset', presetId: preset.id })}
        aria-label={`Edit ${preset.name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={preset.pinnedToTray}
        onClick={() => run(() => updatePreset(preset.id, { pinnedToTray: !preset.pinnedToTray }))}
      >
        {preset.pinnedToTray ? '☑' : '☐'} In tray menu
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={preset.notifyOnFinish}
        onClick={() => run(() => updatePreset(preset.id, { notifyOnFinish: !preset.notifyOnFinish }))}
      >
        {preset.notifyOnFinish ? '☑' : '☐'} Notify when done
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-label={`Duplicate ${preset.name}`}
        onClick={() => run(() => duplicatePreset(preset.id))}
      >
        Duplicate
      </button>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        aria-label={`Delete ${preset.name}`}
        onClick={() => openDialog({ kind: 'removePreset', presetId: preset.id })}
      >
        Delete
      </button>
      {error !== null && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
