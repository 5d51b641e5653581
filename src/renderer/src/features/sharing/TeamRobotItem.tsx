import type { RobotView } from '../../../../shared/models/robotView.ts';
import { originOf } from '../../../../shared/models/tokenOrigin.ts';
import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { useLastCallOf } from '../../stores/calls.ts';
import { openCall } from '../../stores/callsView.ts';
import { selectRobot } from '../../stores/ui.ts';
import { timeAgo } from '../../ui/time.ts';

const presetCount = (n: number) => (n === 1 ? '1 preset' : `${n} presets`);

/**
 * One of the team's robots in the sidebar: chosen like one's own (a button:
 * Tab and Enter), marked as the team's and read-only, with whether this desk
 * has a token for its origin. Its presets, token and "Copy to my robots" are
 * in the robot pane (TeamRobotPane).
 */
export function TeamRobotItem({
  robot,
  presets,
  current,
}: {
  robot: RobotView;
  presets: number;
  current: boolean;
}) {
  const last = useLastCallOf(robot.id);
  return (
    <li>
      <button
        type="button"
        className="robot-item team-robot"
        aria-current={current}
        data-robot-id={robot.id}
        onClick={() => {
          selectRobot(robot.id);
          openCall(null);
        }}
      >
        <span className="name">{visibleText(robot.name)}</span>
        <span className="meta">
          <span className="badge badge-accent">Team</span>
          {robot.hasToken ? (
            <span className="badge badge-ok">Token set</span>
          ) : robot.tokenSuspended !== null ? (
            <span className="badge badge-warn">Token not confirmed</span>
          ) : (
            <span
              className="badge badge-warn"
              title={`A token for ${originOf(robot.baseUrl)} is needed here`}
            >
              Token needed
            </span>
          )}
          <span>
            {presetCount(presets)} · read-only ·{' '}
            {last === undefined ? 'Never run' : `${stateLabel(last.state)} · ${timeAgo(last.createdAt)}`}
          </span>
        </span>
      </button>
    </li>
  );
}
