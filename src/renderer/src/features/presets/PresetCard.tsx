import type { KeyboardEvent } from 'react';
import type { Preset } from '../../../../shared/models/preset.ts';
import { requestFire, useFiring } from '../../stores/firing.ts';
import { openDialog } from '../../stores/ui.ts';
import { PresetMenu } from './PresetMenu.tsx';
import { PresetSummary } from './PresetSummary.tsx';

type Props = {
  preset: Preset;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  dragProps: Record<string, unknown>;
};

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
      <PresetSummary preset={preset} />
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
        <button
          type="button"
          className="btn"
          aria-label={`Run ${preset.name} for many rows`}
          title="Fire this preset once for every row of a CSV or JSON Lines table"
          onClick={() => openDialog({ kind: 'batch', presetId: preset.id })}
        >
          Run for many rows…
        </button>
      </div>
      {/* Under both columns, so its buttons keep to one row. */}
      <PresetMenu preset={preset} />
    </li>
  );
}
