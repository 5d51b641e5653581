import type { AppCore } from '../core/appCore.ts';
import type { Call } from '../shared/models/call.ts';
import type { CallStateName } from '../shared/models/callStates.ts';
import { notFoundError } from './cliError.ts';
import { sameName } from '../shared/names.ts';

/** How many stored calls `calls --robot` reads at most to find a removed robot's history. */
const REMOVED_ROBOT_SCAN = 10_000;

/**
 * A call stores its robot's name as it was when fired, so history reads well
 * after the robot is removed; the core's lists give the robot's name today
 * (a renamed robot's old calls under its new name). `call show` shows both.
 */
export async function currentRobotNames(core: AppCore): Promise<Map<string, string>> {
  return new Map((await core.listRobots()).map((robot) => [robot.id, robot.name]));
}

/**
 * `calls --robot NAME`: the robot's calls; for a robot that was removed (or
 * renamed and then removed), the calls whose stored name matches, since the
 * history keeps them. Unknown in both is not found.
 */
export async function callsOfRobot(
  core: AppCore,
  name: string,
  filter: { states?: CallStateName[] | undefined; limit: number },
): Promise<Call[]> {
  const robots = await core.listRobots();
  const robot = robots.find((r) => r.id === name) ?? robots.find((r) => sameName(r.name, name.trim()));
  if (robot !== undefined)
    return core.listCalls({ robotId: robot.id, states: filter.states, limit: filter.limit });
  const live = new Set(robots.map((r) => r.id));
  const gone = new Set(
    core
      .listCalls({ text: name.trim().slice(0, 500), limit: REMOVED_ROBOT_SCAN })
      .filter((c) => !live.has(c.robotId) && (c.robotId === name || sameName(c.robotName, name.trim())))
      .map((c) => c.robotId),
  );
  if (gone.size === 0) {
    throw notFoundError(
      `Robot "${name}" was not found, and no call in the history was made by a robot of that name. ` +
        'List robots with: robot-tray robot list',
    );
  }
  return [...gone]
    .flatMap((robotId) => core.listCalls({ robotId, states: filter.states, limit: filter.limit }))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
    .slice(0, filter.limit);
}
