import type { robotMethods } from '../../../shared/ipc/contract/robots.ts';
import { notFound } from '../../../core/errors.ts';
import { chooseCaFile, describeCaFile } from './caFiles.ts';
import type { HandlerContext } from './context.ts';
import { tokenOriginQuestion } from './tokenOriginQuestion.ts';
import { askPerson } from './trustQuestion.ts';
import { diagnosisForWindow, robotForWindow } from '../windowView.ts';
import type { HandlersOf } from './types.ts';

export function robotHandlers(ctx: HandlerContext): HandlersOf<typeof robotMethods> {
  const { core, confirm } = ctx;
  const robotById = async (id: string) => {
    const robot = (await core.listRobots()).find((r) => r.id === id);
    if (robot === undefined) throw notFound('That robot', 'It may have been deleted; refresh the list.');
    return robot;
  };
  // Plain http, an accepted certificate or a CA file changes where the token goes: main asks the person first.
  const update = async (id: string, patch: unknown) => {
    const asking = askPerson(ctx, async () => `robot "${(await core.getRobot(id)).name}"`);
    return robotForWindow(await core.updateRobot(id, patch, asking));
  };
  return {
    listRobots: async () => (await core.listRobots()).map(robotForWindow),
    createRobot: async (input) =>
      robotForWindow(
        await core.createRobot(
          input,
          askPerson(ctx, () => `robot "${input.name}"`),
        ),
      ),
    updateRobot: ({ id, patch }) => update(id, patch),
    chooseRobotCaFile: async ({ robotId }) => {
      const robot = await robotById(robotId);
      const chosen = await chooseCaFile(ctx, `CA file for ${robot.name}`, `robot "${robot.name}"`);
      if (chosen === null) return null;
      return { robot: await update(robot.id, { caFile: chosen.file }), ca: chosen.ca };
    },
    describeRobotCaFile: async ({ robotId }) => {
      const robot = await robotById(robotId);
      return describeCaFile(robot.caFile, `robot "${robot.name}"`);
    },
    clearRobotCaFile: async ({ robotId }) => update((await robotById(robotId)).id, { caFile: null }),
    deleteRobot: async ({ id }) => {
      await core.deleteRobot(id);
      return null;
    },
    // The token goes in once; only its status comes back, and the window's stores take the catalog event instead.
    setToken: ({ robotId, token }) => core.setToken(robotId, token),
    clearToken: ({ robotId }) => core.clearToken(robotId),
    tokenStatus: ({ robotId }) => core.tokenStatus(robotId),
    // The person answers main's own dialog; the window only asks for it to be shown.
    confirmTokenOrigin: async ({ robotId }) => {
      const robot = await core.getRobot(robotId);
      const current = await core.tokenStatus(robot.id);
      if (current.suspended === null) return current;
      if (!(await confirm(tokenOriginQuestion(robot.name, current.suspended)))) return current;
      // Moved only to the origin the person was shown: an address changed meanwhile is refused.
      return core.moveToken(robot.id, current.suspended.to);
    },
    diagnoseRobot: async ({ id }) => diagnosisForWindow(await core.diagnose(id)),
  };
}
