import type { Navigation } from '../events.ts';
import { sameName } from '../names.ts';
import { visibleText } from '../visibleText.ts';
import { parseFireLink } from './fireLink.ts';
import { linkFieldsProblem } from './linkFields.ts';

type Named = { id: string; name: string };

/** What a link is matched against: the robots and presets on this desk, one's own or a team catalog's. */
export type LinkCatalog = {
  robots: readonly Named[];
  presets: readonly (Named & { robotId: string; fields: readonly { name: string; secret: boolean }[] })[];
};

const shown = (name: string) => `"${visibleText(name)}"`;

const NO_TEAM: LinkCatalog = { robots: [], presets: [] };

/**
 * Where a robot-tray:// link takes the window: the run it names (robot and
 * preset found by name, as links are shared between desks), or the reason it
 * cannot be opened, naming what was not found and what to do.
 *
 * A link names a team catalog's robot and preset as it names one's own
 * (`robot=NAME&preset=NAME`): the link is the same on every desk, whether the
 * robot is the team's there or a copy of one's own. One's own robot comes
 * first: when one's own robot and a team robot share the name, the link is
 * one's own robot's, wholly; it never falls through to the team robot's
 * presets, which may send elsewhere (another host, another token), and the
 * reason says so. The same rule as firing by name (Catalog.findRobot).
 */
export function linkNavigation(text: unknown, catalog: LinkCatalog, team: LinkCatalog = NO_TEAM): Navigation {
  const parsed = parseFireLink(text);
  if (!parsed.ok) return { view: 'linkProblem', message: `This link cannot be opened: ${parsed.reason}` };
  const { link } = parsed;
  const own = catalog.robots.find((r) => sameName(r.name, link.robot));
  const teamRobot = team.robots.find((r) => sameName(r.name, link.robot));
  const robot = own ?? teamRobot;
  const presets = own === undefined ? team.presets : catalog.presets;
  if (robot === undefined) {
    return {
      view: 'linkProblem',
      message:
        `This link is for the robot ${shown(link.robot)}, and Robot Tray has no robot of that name. ` +
        'Add it (with its preset) or ask whoever sent the link for its exact name.',
    };
  }
  if (link.preset === undefined) return { view: 'run', robotId: robot.id, presetId: null, fields: {} };
  const presetName = link.preset;
  const named = (p: LinkCatalog['presets'][number], robotId: string) =>
    p.robotId === robotId && sameName(p.name, presetName);
  const preset = presets.find((p) => named(p, robot.id));
  if (preset === undefined) {
    const teams =
      own !== undefined && teamRobot !== undefined && team.presets.some((p) => named(p, teamRobot.id));
    return {
      view: 'linkProblem',
      message: teams
        ? `This link is for the preset ${shown(presetName)} of ${shown(robot.name)}. The team catalog's robot of ` +
          'that name has it, but your own robot of that name comes first and has no such preset. ' +
          "Rename your robot to reach the team's, or add the preset to yours."
        : `This link is for the preset ${shown(presetName)} of ${shown(robot.name)}, and that robot has no ` +
          'preset of that name. Add it, or ask whoever sent the link for its exact name.',
    };
  }
  // A value of the wrong kind is shown in the form, to fix there; a field the
  // preset lacks (or a secret one) means the link was made for another preset.
  const problem = linkFieldsProblem(preset.name, preset.fields, link.fields, { values: false });
  if (problem !== undefined)
    return { view: 'linkProblem', message: `This link cannot be opened: ${problem}` };
  return { view: 'run', robotId: robot.id, presetId: preset.id, fields: link.fields };
}
