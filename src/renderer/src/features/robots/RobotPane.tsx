import { useRobots } from '../../stores/robots.ts';
import { openDialog, useUi } from '../../stores/ui.ts';

/** The selected robot: its settings at a glance, its token and its presets. */
export function RobotPane() {
  const selected = useUi((s) => s.selectedRobotId);
  const robot = useRobots((s) => s.robots.find((r) => r.id === selected));
  if (robot === undefined) return <p className="empty">Choose a robot on the left.</p>;
  return (
    <section aria-labelledby="robot-title">
      <div className="robot-header">
        <div className="titles">
          <h2 id="robot-title">{robot.name}</h2>
          <p className="url">{robot.baseUrl}</p>
          {robot.notes !== '' && <p className="small muted">{robot.notes}</p>}
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
    </section>
  );
}
