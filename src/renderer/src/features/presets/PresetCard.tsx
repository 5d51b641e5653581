import { visibleText } from '../../../../shared/visibleText.ts';
import type { KeyboardEvent } from 'react';
import type { Preset } from '../../../../shared/models/preset.ts';
import { requestFire, useFiring } from '../../stores/firing.ts';
import { openDialog } from '../../stores/ui.ts';
import { FireOutcomeLine } from './FireOutcomeLine.tsx';
import { PresetMenu } from './PresetMenu.tsx';

type Props = {
  preset: Preset;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  dragProps: Record<string, unknown>;
};

/** The arguments' names at a glance (a team preset's card shows it too). */
export function argsSummary(preset: Preset): string {
  const keys = Object.keys(preset.args);
  if (keys.length === 0) return 'No arguments';
  const shown = keys.slice(0, 4).join(', ');
  return keys.length > 4 ? `${shown} and ${keys.length - 4} more` : shown;
}

/** One preset: fire it with one click; Ctrl/Cmd+Enter fires it from anywhere inside. */
export function PresetCard({ preset, index, count, onMove, dragProps }: Props) {
  const firing = useFiring((s) => s.outcomes[preset.id]?.status === 'firing');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      requestFire(preset.id);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      onMove(event.key === 'ArrowUp' ? -1 : 1);
    }
  };
  return (
    <li className="preset-card" data-preset-id={preset.id} onKeyDown={onKeyDown} {...dragProps}>
      <button
        type="button"
        className="drag-handle"
        aria-label={`Move ${preset.name} (position ${index + 1} of ${count}; Alt+Up or Alt+Down)`}
        title="Drag, or Alt+Up / Alt+Down, to reorder"
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            onMove(event.key === 'ArrowUp' ? -1 : 1);
          }
        }}
      >
        ⋮⋮
      </button>
      <div className="preset-main">
        <div className="preset-top">
          <h4 className="preset-name">{visibleText(preset.name)}</h4>
          <span className={preset.method === 'GET' ? 'badge badge-accent' : 'badge'}>{preset.method}</span>
          {preset.pinnedToTray && (
            <span className="badge" title="Shown in the tray menu">
              Tray
            </span>
          )}
        </div>
        <p className="small muted preset-args">{argsSummary(preset)}</p>
        <FireOutcomeLine presetId={preset.id} />
      </div>
      <div className="preset-fire">
        <button
          type="button"
          className="btn btn-primary fire-button"
          onClick={() => requestFire(preset.id)}
          disabled={firing}
          aria-label={`Fire ${preset.name}`}
        >
          {firing ? 'Firing…' : '▶ Fire'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => openDialog({ kind: 'editPreset', presetId: preset.id, fireWithChanges: true })}
          aria-label={`Fire ${preset.name} with changes`}
        >
          Fire with changes…
        </button>
      </div>
      {/* Under both columns, so its buttons keep to one row. */}
      <PresetMenu preset={preset} />
    </li>
  );
}
