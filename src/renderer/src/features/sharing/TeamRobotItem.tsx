import { useState } from 'react';
import type { Preset } from '../../../../shared/models/preset.ts';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { requestFire } from '../../stores/firing.ts';
import { FireOutcomeLine } from '../presets/FireOutcomeLine.tsx';
import { TokenForm } from '../tokens/TokenForm.tsx';

const presetCount = (n: number) => (n === 1 ? '1 preset' : `${n} presets`);

/**
 * One of the team's robots: read-only (changed in the shared file), fired
 * from its presets once this desk has a token for it (kept in this desk's
 * keychain for the robot's origin, like one's own robots' tokens). A click
 * fires as one's own presets do: fill-in fields and "confirm before firing"
 * ask first, and the outcome shows under the robot.
 */
export function TeamRobotItem({ robot, presets }: { robot: RobotView; presets: Preset[] }) {
  const [settingToken, setSettingToken] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const copy = async () => {
    setOutcome(null);
    try {
      await call('copyTeamRobot', { robotId: robot.id });
      setOutcome(`Copied to your robots, with its presets; set its token there.`);
    } catch (error) {
      setOutcome(messageOf(error));
    }
  };
  return (
    <li className="robot-item team-robot" data-robot-id={robot.id}>
      <span className="name">{visibleText(robot.name)}</span>
      <span className="meta">
        <span className="badge badge-accent">Team</span>
        {robot.hasToken ? (
          <span className="badge badge-ok">Token set</span>
        ) : (
          <span className="badge badge-warn">Token needed</span>
        )}
        <span>{presetCount(presets.length)} · read-only</span>
      </span>
      <span className="row small team-actions">
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="btn btn-sm"
            disabled={!robot.hasToken}
            title={robot.hasToken ? undefined : 'Set a token for this robot first'}
            onClick={() => requestFire(preset.id)}
          >
            Fire {visibleText(preset.name)}
          </button>
        ))}
        <button type="button" className="btn btn-sm" onClick={() => void copy()}>
          Copy to my robots
        </button>
        {!settingToken && (
          <button type="button" className="btn btn-sm" onClick={() => setSettingToken(true)}>
            {robot.hasToken ? 'Replace token…' : 'Set token…'}
          </button>
        )}
      </span>
      {settingToken && (
        <TokenForm robotId={robot.id} replacing={robot.hasToken} onDone={() => setSettingToken(false)} />
      )}
      {presets.map((preset) => (
        <FireOutcomeLine key={preset.id} presetId={preset.id} />
      ))}
      {outcome !== null && (
        <span role="status" className="small">
          {outcome}
        </span>
      )}
    </li>
  );
}
