import { filledRun } from '../../shared/links/filledRun.ts';
import { runPreview } from '../../shared/links/runPreview.ts';
import type { Preset } from '../../shared/models/preset.ts';
import type { RobotView } from '../../shared/models/robot.ts';
import { formatFields, printLine } from '../output.ts';

/** What a link opens, as the app's confirmation shows it; nothing is fired. */
export function showOpenedRun(
  robot: RobotView,
  preset: Preset | undefined,
  fields: Record<string, string>,
): void {
  if (preset === undefined) {
    printLine(
      formatFields([
        ['robot', robot.name],
        ['preset', '(none: the link opens the robot)'],
      ]),
    );
    return;
  }
  const run = filledRun(preset, fields);
  const preview = runPreview(robot.baseUrl, preset.method, run.shown);
  printLine(
    formatFields([
      ['robot', `${robot.name} at ${preview.origin}`],
      ['preset', preset.name],
      ['request', `${preview.method} ${preview.url}`],
      ['token', "Robot Tray's own, sent in a header (a link never carries one)"],
      ['fields', fieldLines(preset, fields)],
      ['arguments', preview.body ?? undefined],
      ['to fill in', run.ok ? undefined : run.problems.map((p) => p.message).join('\n')],
      ['problem', preview.problem ?? undefined],
    ]),
  );
  printLine();
  printLine('Nothing was fired: the app fires a link only when you click "Fire now" in it.');
}

/**
 * Each of the preset's fields as the link fills it: the value it gives, the
 * field's default, or nothing yet. A secret field's value is never shown
 * (a link cannot carry one; the run asks for it).
 */
function fieldLines(preset: Preset, given: Record<string, string>): string | undefined {
  if (preset.fields.length === 0) return undefined;
  return preset.fields
    .map((field) => {
      if (field.secret) return `${field.name}: (secret: asked for when the run is fired, never in a link)`;
      const value = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
      if (value !== undefined) return `${field.name} = ${value} (from the link)`;
      if (field.default !== undefined) return `${field.name} = ${String(field.default)} (its default)`;
      return `${field.name}: (not filled${field.required ? '; required' : ''})`;
    })
    .join('\n');
}
