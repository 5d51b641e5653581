import type { Navigation } from '../events.ts';
import { visibleText } from '../visibleText.ts';
import { parseFireLink } from './fireLink.ts';
import { linkFieldsProblem } from './linkFields.ts';

type Named = { id: string; name: string };

/** What a link is matched against: the robots and presets on this desk. */
export type LinkCatalog = {
  robots: readonly Named[];
  presets: readonly (Named & { robotId: string; fields: readonly { name: string; secret: boolean }[] })[];
};

/** The core's rule for names: case and width do not matter, accents do. */
const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

const shown = (name: string) => `"${visibleText(name)}"`;

/**
 * Where a robot-tray:// link takes the window: the run it names (robot and
 * preset found by name, as links are shared between desks), or the reason it
 * cannot be opened, naming what was not found and what to do.
 */
export function linkNavigation(text: unknown, catalog: LinkCatalog): Navigation {
  const parsed = parseFireLink(text);
  if (!parsed.ok) return { view: 'linkProblem', message: `This link cannot be opened: ${parsed.reason}` };
  const { link } = parsed;
  const robot = catalog.robots.find((r) => sameName(r.name, link.robot));
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
  const preset = catalog.presets.find((p) => p.robotId === robot.id && sameName(p.name, presetName));
  if (preset === undefined) {
    return {
      view: 'linkProblem',
      message:
        `This link is for the preset ${shown(presetName)} of ${shown(robot.name)}, and that robot has no ` +
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
