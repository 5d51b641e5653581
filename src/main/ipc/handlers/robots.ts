import type { robotMethods } from '../../../shared/ipc/contract/robots.ts';
import type { TokenStatus } from '../../../shared/models/robotView.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

const status = (robot: { tokenUpdatedAt: number | null }): TokenStatus => ({
  hasToken: robot.tokenUpdatedAt !== null,
  updatedAt: robot.tokenUpdatedAt,
});

export function robotHandlers({ core }: HandlerContext): HandlersOf<typeof robotMethods> {
  return {
    listRobots: () => core.listRobots(),
    createRobot: (input) => core.createRobot(input),
    updateRobot: ({ id, patch }) => core.updateRobot(id, patch),
    deleteRobot: async ({ id }) => {
      await core.deleteRobot(id);
      return null;
    },
    // The token goes in once; only whether one is stored, and since when, comes back.
    setToken: async ({ robotId, token }) => status(await core.setToken(robotId, token)),
    clearToken: async ({ robotId }) => status((await core.clearToken(robotId)).robot),
    tokenStatus: ({ robotId }) => core.tokenStatus(robotId),
  };
}
