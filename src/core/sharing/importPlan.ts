import type { ExportedRobot, ExportFile } from '../../shared/models/exportFile.ts';
import type {
  ExistingChoice,
  ImportChoices,
  ImportPlan,
  PresetStep,
  RobotStep,
} from '../../shared/models/importPlan.ts';
import { Preset } from '../../shared/models/preset.ts';
import { Robot, RobotInput } from '../../shared/models/robot.ts';
import { originOf } from '../../shared/models/tokenOrigin.ts';
import { isLoopbackHost } from '../../shared/net/loopback.ts';
import { describeZodError } from '../../shared/validation.ts';
import { assertSafeTransport, assertSendable, sameName } from '../catalog.ts';

export type { ExistingChoice, ImportChoices, ImportPlan, PresetStep, RobotStep };

/** The robot record the file describes, checked as any new robot is (address, plain http). */
function checkRobot(robot: ExportedRobot): string | null {
  const input = RobotInput.safeParse({
    name: robot.name,
    baseUrl: robot.baseUrl,
    notes: robot.notes,
    pollPolicy: robot.pollPolicy,
    sendTokenOnQuery: robot.sendTokenOnQuery,
    allowInsecureHttp: robot.allowInsecureHttp,
    confirmBeforeFiring: robot.confirmBeforeFiring,
  });
  if (!input.success) return describeZodError(input.error);
  try {
    assertSafeTransport(Robot.parse({ ...input.data, id: 'check', createdAt: 0, updatedAt: 0 }));
    for (const preset of robot.presets) {
      const checked = Preset.parse({ ...preset, id: 'check', robotId: 'check', createdAt: 0, updatedAt: 0 });
      try {
        assertSendable(checked);
      } catch (error) {
        return `preset "${preset.name}": ${(error as Error).message}`;
      }
    }
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

/** The host a robot would send its token to over plain http, because the file allows it; else null. */
function plainHttpTo(robot: ExportedRobot): string | null {
  if (robot.allowInsecureHttp !== true) return null;
  let url: URL;
  try {
    url = new URL(robot.baseUrl);
  } catch {
    return null;
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? url.host : null;
}

function tokenFate(
  existing: Robot | undefined,
  action: RobotStep['action'],
  originChange: RobotStep['originChange'],
): RobotStep['token'] {
  if (existing === undefined) return 'needed';
  if (action !== 'replace') return 'unchanged';
  if (originChange !== null) return existing.tokenUpdatedAt === null ? 'needed' : 'removed';
  return existing.tokenUpdatedAt === null ? 'needed' : 'kept';
}

/**
 * What importing `file` into `robots` and `presets` would do, robot by robot
 * and preset by preset, matched by name. Pure: nothing is read or changed.
 * A replaced robot keeps its id (so its history, pins and links still point
 * at it) and its presets missing from the file; the file's presets replace
 * those of the same name and the others are added.
 */
export function planImport(
  file: ExportFile,
  robots: readonly Robot[],
  presets: readonly Preset[],
  choices: ImportChoices = {},
): ImportPlan {
  const steps = file.robots.map((incoming): RobotStep => {
    const existing = robots.find((r) => sameName(r.name, incoming.name));
    const choice = choices.robots?.[incoming.name] ?? choices.existing;
    const action: RobotStep['action'] = existing === undefined ? 'add' : (choice ?? 'conflict');
    const from = existing === undefined ? null : originOf(existing.baseUrl);
    const to = originOf(incoming.baseUrl);
    const originChange =
      existing !== undefined && action === 'replace' && from !== to ? { from: from!, to } : null;
    let problem = checkRobot(incoming);
    if (problem === null && existing === undefined && robots.some((r) => r.id === incoming.name))
      problem = `"${incoming.name}" is another robot's id; rename the robot in the file.`;
    const here = existing === undefined ? [] : presets.filter((p) => p.robotId === existing.id);
    return {
      name: incoming.name,
      existingName: existing?.name ?? null,
      action,
      baseUrl: incoming.baseUrl,
      token: tokenFate(existing, action, originChange),
      originChange,
      caFileNeeded: incoming.caFileNeeded && (action === 'add' || existing?.caFile === null),
      plainHttpTo: action === 'add' || action === 'replace' ? plainHttpTo(incoming) : null,
      problem,
      presets: incoming.presets.map((p) => ({
        name: p.name,
        action:
          action === 'add'
            ? 'add'
            : action === 'replace'
              ? here.some((h) => sameName(h.name, p.name))
                ? 'replace'
                : 'add'
              : 'skip',
      })),
    };
  });
  const blocked = (s: RobotStep) => s.action === 'conflict' || (s.action !== 'skip' && s.problem !== null);
  return { robots: steps, ready: !steps.some(blocked) };
}
