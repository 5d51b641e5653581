import { isTeamId } from '../../../../shared/teamIds.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { useRobots } from '../../stores/robots.ts';
import { teamRobots, useTeam } from '../../stores/team.ts';
import { useSettings } from '../../stores/settings.ts';
import { openDialog, useUi } from '../../stores/ui.ts';
import { PresetList } from '../presets/PresetList.tsx';
import { TeamRobotPane } from '../sharing/TeamRobotPane.tsx';
import { RunStatsPanel } from '../stats/RunStatsPanel.tsx';
import { TokenPanel } from '../tokens/TokenPanel.tsx';
import { DemoBadge } from './DemoBadge.tsx';

/**
 * The selected robot: its settings at a glance, its token, its presets and how it ran; a
 * team robot's read-only (TeamRobotPane).
 */
export function RobotPane() {
  const selected = useUi((s) => s.selectedRobotId);
  const robot = useRobots((s) => s.robots.find((r) => r.id === selected));
  const teamRobot = useTeam((s) =>
    selected !== null && isTeamId(selected) ? teamRobots(s.team).find((r) => r.id === selected) : undefined,
  );
  const demo = useSettings((s) => s.demo.robotIds.includes(selected ?? ''));
  if (teamRobot !== undefined) return <TeamRobotPane robot={teamRobot} />;
  if (robot === undefined) return <p className="empty">Choose a robot on the left, or add one.</p>;
  return (
    <section aria-labelledby="robot-title">
      <div className="robot-header">
        <div className="titles">
          <h2 id="robot-title">{visibleText(robot.name)}</h2>
          <p className="url">{visibleText(robot.baseUrl)}</p>
          <div className="row small" style={{ marginTop: 'var(--space-1)' }}>
            {demo && <DemoBadge />}
            {robot.confirmBeforeFiring && <span className="badge badge-warn">Confirms before firing</span>}
            {robot.allowInsecureHttp && <span className="badge badge-bad">Insecure http allowed</span>}
          </div>
        </div>
        <button
          type="button"
          className="btn"
          onClick={() => openDialog({ kind: 'editRobot', robotId: robot.id })}
        >
          Edit robot
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => openDialog({ kind: 'removeRobot', robotId: robot.id })}
        >
          Remove…
        </button>
      </div>
      {robot.notes !== '' && <p className="small muted robot-notes">{robot.notes}</p>}
      <TokenPanel key={robot.id} robot={robot} />
      <PresetList robotId={robot.id} />
      <RunStatsPanel robotId={robot.id} />
    </section>
  );
}
