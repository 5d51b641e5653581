import type { KeyboardEvent } from 'react';
import type { Preset } from '../../../../shared/models/preset.ts';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { requestFire, useFiring } from '../../stores/firing.ts';
import { useTeam } from '../../stores/team.ts';
import { PresetSummary } from '../presets/PresetSummary.tsx';

const none: Preset[] = [];

/**
 * A team robot's presets, in the catalog's order: fired with one click or
 * Ctrl/Cmd+Enter (fill-in fields and "confirm before firing" ask first, as
 * one's own do, through requestFire); no reordering, editing or removing.
 */
export function TeamPresetList({ robot }: { robot: RobotView }) {
  const presets = useTeam((s) => s.team?.presets ?? none).filter((p) => p.robotId === robot.id);
  return (
    <section className="section" aria-labelledby="presets-title">
      <div className="section-head">
        <h3 id="presets-title">Presets</h3>
      </div>
      <p className="small muted" style={{ margin: '0 0 var(--space-2)' }}>
        The team catalog&apos;s presets: change them in the catalog file, or copy the robot to your own.
      </p>
      {presets.length === 0 && <p className="empty small">This team robot has no presets.</p>}
      <ul className="preset-list" aria-label="Presets">
        {presets.map((preset) => (
          <TeamPresetCard key={preset.id} preset={preset} ready={robot.hasToken} />
        ))}
      </ul>
    </section>
  );
}

function TeamPresetCard({ preset, ready }: { preset: Preset; ready: boolean }) {
  const firing = useFiring((s) => s.outcomes[preset.id]?.status === 'firing');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (ready && !firing) requestFire(preset.id);
    }
  };
  return (
    <li className="preset-card team-preset" data-preset-id={preset.id} onKeyDown={onKeyDown}>
      <span aria-hidden="true" />
      <PresetSummary preset={preset} />
      <div className="preset-fire">
        <button
          type="button"
          className="btn btn-primary fire-button"
          onClick={() => requestFire(preset.id)}
          disabled={firing || !ready}
          title={ready ? undefined : 'Set a token for this robot first'}
          aria-label={`Fire ${preset.name}`}
        >
          {firing ? 'Firing…' : '▶ Fire'}
        </button>
      </div>
    </li>
  );
}
