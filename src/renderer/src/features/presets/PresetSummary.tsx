import type { Preset } from '../../../../shared/models/preset.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { FireOutcomeLine } from './FireOutcomeLine.tsx';

/** The arguments' names at a glance. */
export function argsSummary(preset: Preset): string {
  const keys = Object.keys(preset.args);
  if (keys.length === 0) return 'No arguments';
  const shown = keys.slice(0, 4).join(', ');
  return keys.length > 4 ? `${shown} and ${keys.length - 4} more` : shown;
}

/**
 * A preset's card body, the same for one's own and a team catalog's: its
 * name, method and tray pin, its arguments at a glance, and how its last
 * fire went.
 */
export function PresetSummary({ preset }: { preset: Preset }) {
  return (
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
  );
}
