import type { robotMethods } from '../../../shared/ipc/contract/robots.ts';
import type { RobotView, TokenStatus } from '../../../shared/models/robotView.ts';
import { notFound } from '../../../core/errors.ts';
import { chooseCaFile } from './caFiles.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

const status = (robot: RobotView): TokenStatus => ({
  hasToken: robot.hasToken,
  updatedAt: robot.tokenUpdatedAt,
  suspended: robot.tokenSuspended,
});

export function robotHandlers(ctx: HandlerContext): HandlersOf<typeof robotMethods> {
  const { core } = ctx;
  const robotById = async (id: string) => {
    const robot = (await core.listRobots()).find((r) => r.id === id);
    if (robot === undefined) throw notFound('That robot', 'It may have been deleted; refresh the list.');
    return robot;
  };
  return {
    listRobots: () => core.listRobots(),
    createRobot: (input) => core.createRobot(input),
    updateRobot: ({ id, patch }) => core.updateRobot(id, patch),
    chooseRobotCaFile: async ({ robotId }) => {
      const robot = await robotById(robotId);
      const chosen = await chooseCaFile(ctx, `CA file for ${robot.name}`, `robot "${robot.name}"`);
      if (chosen === null) return null;
      return { robot: await core.updateRobot(robot.id, { caFile: chosen.file }), ca: chosen.ca };
    },
    clearRobotCaFile: async ({ robotId }) =>
      core.updateRobot((await robotById(robotId)).id, { caFile: null }),
    deleteRobot: async ({ id }) => {
      await core.deleteRobot(id);
      return null;
    },
    // The token goes in once; only whether one is stored, and since when, comes back.
    setToken: async ({ robotId, token }) => status(await core.setToken(robotId, token)),
    clearToken: async ({ robotId }) => status((await core.clearToken(robotId)).robot),
    tokenStatus: ({ robotId }) => core.tokenStatus(robotId),
    diagnoseRobot: ({ id }) => core.diagnose(id),
  };
}
