import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { reorderPresets, usePresetsOf } from '../../stores/presets.ts';
import { dropId, moveId } from '../../stores/reducers/catalog.ts';
import { openDialog } from '../../stores/ui.ts';
import { PresetCard } from './PresetCard.tsx';

/** A robot's presets in their order; drag or Alt+arrows to reorder. */
export function PresetList({ robotId }: { robotId: string }) {
  const presets = usePresetsOf(robotId);
  const [dragging, setDragging] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const ids = presets.map((p) => p.id);

  const save = (next: string[], movedId: string) => {
    if (next.join() === ids.join()) return;
    setError(null);
    const moved = presets.find((p) => p.id === movedId);
    setAnnounce(
      `${moved?.name ?? 'Preset'} moved to position ${next.indexOf(movedId) + 1} of ${next.length}.`,
    );
    reorderPresets(robotId, next).catch((e: unknown) => setError(messageOf(e)));
    // Keep the keyboard on the moved preset's handle.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-preset-id="${movedId}"] .drag-handle`)?.focus(),
    );
  };

  return (
    <section className="section" aria-labelledby="presets-title">
      <div className="section-head">
        <h3 id="presets-title">Presets</h3>
        <button type="button" className="btn" onClick={() => openDialog({ kind: 'newPreset', robotId })}>
          + New preset
        </button>
      </div>
      {presets.length === 0 && (
        <p className="empty small">
          No presets yet. A preset is a saved call: its method and arguments, fired with one click.
        </p>
      )}
      <ul className="preset-list" aria-label="Presets">
        {presets.map((preset, index) => (
          <PresetCard
            key={preset.id}
            preset={preset}
            index={index}
            count={presets.length}
            onMove={(delta) => save(moveId(ids, preset.id, delta), preset.id)}
            dragProps={{
              draggable: true,
              'data-dragging': dragging === preset.id,
              onDragStart: (event: DragEvent & { dataTransfer: DataTransfer }) => {
                event.dataTransfer.setData('text/plain', preset.id);
                event.dataTransfer.effectAllowed = 'move';
                setDragging(preset.id);
              },
              onDragEnd: () => setDragging(null),
              onDragOver: (event: Event) => event.preventDefault(),
              onDrop: (event: DragEvent & { dataTransfer: DataTransfer }) => {
                event.preventDefault();
                const id = event.dataTransfer.getData('text/plain');
                setDragging(null);
                if (ids.includes(id)) save(dropId(ids, id, preset.id), id);
              },
            }}
          />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
    </section>
  );
}
