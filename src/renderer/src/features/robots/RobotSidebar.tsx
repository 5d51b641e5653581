import { visibleText } from '../../../../shared/visibleText.ts';
import type { RobotView } from '../../../../shared/models/robotView.ts';
import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { useLastCallOf } from '../../stores/calls.ts';
import { openCall } from '../../stores/callsView.ts';
import { useRobots } from '../../stores/robots.ts';
import { useSettings } from '../../stores/settings.ts';
import { openDialog, selectRobot, useUi } from '../../stores/ui.ts';
import { timeAgo } from '../../ui/timeAgo.ts';
import { TeamSection } from '../sharing/TeamSection.tsx';

function RobotItem({ robot, current, demo }: { robot: RobotView; current: boolean; demo: boolean }) {
  const last = useLastCallOf(robot.id);
  return (
    <li>
      <button
        type="button"
        className="robot-item"
        aria-current={current}
        onClick={() => {
          selectRobot(robot.id);
          openCall(null);
        }}
        data-robot-id={robot.id}
      >
        <span className="name">{visibleText(robot.name)}</span>
        <span className="meta">
          {robot.hasToken ? (
            <span className="badge badge-ok">Token set</span>
          ) : robot.tokenSuspended !== null ? (
            <span className="badge badge-warn">Token not confirmed</span>
          ) : (
            <span className="badge badge-warn">Token needed</span>
          )}
          {demo && <span className="badge badge-accent">Demo</span>}
          <span>
            {last === undefined ? 'Never run' : `${stateLabel(last.state)} · ${timeAgo(last.createdAt)}`}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * Every robot with its token state and last run, one's own then the team
 * catalog's (TeamSection); the selected one is shown beside.
 */
export function RobotSidebar() {
  const robots = useRobots((s) => s.robots);
  const load = useRobots((s) => s.load);
  const selected = useUi((s) => s.selectedRobotId);
  const demoIds = useSettings((s) => s.demo.robotIds);
  return (
    <nav className="sidebar" aria-label="Robots">
      <div className="sidebar-head">
        <h2>My robots</h2>
        <button type="button" className="btn btn-sm" onClick={() => openDialog({ kind: 'addRobot' })}>
          + Add robot
        </button>
      </div>
      {load.status === 'loading' && <p className="empty small">Loading robots…</p>}
      {load.status === 'error' && (
        <p role="alert" className="notice notice-error" style={{ margin: 'var(--space-2)' }}>
          {load.message}
        </p>
      )}
      <ul className="robot-list" aria-label="My robots">
        {robots.map((robot) => (
          <RobotItem
            key={robot.id}
            robot={robot}
            current={robot.id === selected}
            demo={demoIds.includes(robot.id)}
          />
        ))}
      </ul>
      <TeamSection />
    </nav>
  );
}
