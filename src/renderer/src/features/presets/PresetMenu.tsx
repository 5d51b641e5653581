import { useState } from 'react';
import { formatFireLink } from '../../../../shared/links/fireLink.ts';
import type { Preset } from '../../../../shared/models/preset.ts';
import { messageOf } from '../../bridge/call.ts';
import { duplicatePreset, updatePreset } from '../../stores/presets.ts';
import { useRobots } from '../../stores/robots.ts';
import { openDialog } from '../../stores/ui.ts';
import { copyText } from '../json/copyText.ts';

/** Less frequent actions on a preset, as plain buttons (no hidden menu to discover). */
export function PresetMenu({ preset }: { preset: Preset }) {
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const robotName = useRobots((s) => s.robots.find((r) => r.id === preset.robotId)?.name);
  const run = (action: () => Promise<unknown>) => {
    setError(null);
    setCopied(null);
    action().catch((e: unknown) => setError(messageOf(e)));
  };
  // The robot and preset only: whoever opens it fills the fields in (or keeps the defaults).
  const copyLink = () =>
    run(async () => {
      if (robotName === undefined) return;
      const link = formatFireLink({ robot: robotName, preset: preset.name, fields: {} });
      if (!link.ok) throw new Error(`No link for this preset: ${link.reason}`);
      setCopied(await copyText(link.text, 'the link'));
    });
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
        aria-label="In tray menu"
        title="Show this preset in the tray menu, to fire it from there"
        onClick={() => run(() => updatePreset(preset.id, { pinnedToTray: !preset.pinnedToTray }))}
      >
        {preset.pinnedToTray ? '☑' : '☐'} In tray
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={preset.notifyOnFinish}
        aria-label="Notify when done"
        title="Show a notification when a run of this preset ends"
        onClick={() => run(() => updatePreset(preset.id, { notifyOnFinish: !preset.notifyOnFinish }))}
      >
        {preset.notifyOnFinish ? '☑' : '☐'} Notify
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
        className="btn btn-sm"
        aria-label={`Copy link to ${preset.name}`}
        title="A robot-tray:// link that opens this preset, ready to fire, on any desk with this robot"
        onClick={copyLink}
      >
        Copy link
      </button>
      <button
        type="button"
        className="btn btn-sm btn-danger"
        aria-label={`Delete ${preset.name}`}
        onClick={() => openDialog({ kind: 'removePreset', presetId: preset.id })}
      >
        Delete
      </button>
      {copied !== null && (
        <p role="status" className="small muted">
          {copied}
        </p>
      )}
      {error !== null && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
