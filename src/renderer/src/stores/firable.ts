import type { Preset } from '../../../shared/models/preset.ts';
import type { RobotView } from '../../../shared/models/robotView.ts';
import { usePresets } from './presets.ts';
import { useRobots } from './robots.ts';
import { useTeam } from './team.ts';

/*
 * What can be fired from the window: one's own presets and robots, then the
 * team catalog's (read-only here, fired the same way). Firing, the fill-in
 * form and the confirmation look a preset up through these, so a team
 * preset with fields asks for them, and a team robot marked "confirm before
 * firing" asks first, exactly as one's own do.
 */

export function firablePreset(presetId: string): Preset | undefined {
  return (
    usePresets.getState().presets.find((p) => p.id === presetId) ??
    useTeam.getState().team?.presets.find((p) => p.id === presetId)
  );
}

export function firableRobot(robotId: string | undefined): RobotView | undefined {
  if (robotId === undefined) return undefined;
  return (
    useRobots.getState().robots.find((r) => r.id === robotId) ??
    useTeam.getState().team?.robots.find((r) => r.id === robotId)
  );
}

/** The robot of a preset the window knows, its own or the team's (a tray click opens its form there). */
export function robotOfFirablePreset(presetId: string): string | undefined {
  return firablePreset(presetId)?.robotId;
}

/** The preset and its robot, kept current as either list changes. */
export function useFirable(presetId: string): { preset?: Preset; robot?: RobotView } {
  const own = usePresets((s) => s.presets.find((p) => p.id === presetId));
  const team = useTeam((s) => s.team);
  const preset = own ?? team?.presets.find((p) => p.id === presetId);
  const ownRobot = useRobots((s) => s.robots.find((r) => r.id === preset?.robotId));
  const robot = ownRobot ?? team?.robots.find((r) => r.id === preset?.robotId);
  return { ...(preset ? { preset } : {}), ...(robot ? { robot } : {}) };
}
