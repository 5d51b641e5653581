import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { MAX_EXPORT_PRESETS_PER_ROBOT, MAX_EXPORT_ROBOTS } from '../limits.ts';
import { describeZodError } from '../validation.ts';
import { Preset } from './preset.ts';
import { withinPatternBudget } from './presetFieldPattern.ts';
import { nameKey } from '../names.ts';
import { Robot } from './robot.ts';

/**
 * The file robots and presets are shared in: an export, and a team catalog.
 *
 * Built by leaving out of the stored records what belongs to one desk only,
 * so whatever else a robot or preset declares (fields added later included)
 * travels without this file being edited:
 * - ids (each desk makes its own; things are matched by name),
 * - anything about the token (when it was set, the origin it is bound to):
 *   the token itself never is in a record, and never in this file,
 * - local file paths (a robot's CA file: the file only says one is needed,
 *   to be chosen again on the other desk),
 * - trust decisions (an accepted certificate: a file someone sends must not
 *   make this desk accept a certificate; accept it again after checking),
 * - timestamps of this desk.
 *
 * Unknown fields in version 1 are tolerated and dropped: a file written by a
 * Robot Tray that knows more of version 1 still reads, and nothing unknown is
 * ever stored. A newer version is refused (see exportFileProblem).
 */
export const EXPORT_FORMAT = 'robot-tray-export';
export const EXPORT_VERSION = 1;

export const ExportedPreset = lazySchema(() =>
  Preset.omit({ id: true, robotId: true, createdAt: true, updatedAt: true }),
);
export type ExportedPreset = z.infer<typeof ExportedPreset>;

export const ExportedRobot = lazySchema(() =>
  Robot.omit({
    id: true,
    tokenUpdatedAt: true,
    tokenOrigin: true,
    caFile: true,
    pinnedCertSha256: true,
    pinnedCertOrigin: true,
    createdAt: true,
    updatedAt: true,
  }).extend({
    /** The robot trusted an extra CA file on the desk it came from: choose one again here. */
    caFileNeeded: z.boolean().default(false),
    presets: z
      .array(ExportedPreset)
      .max(MAX_EXPORT_PRESETS_PER_ROBOT, `must hold at most ${MAX_EXPORT_PRESETS_PER_ROBOT} presets`)
      .default([]),
  }),
);
export type ExportedRobot = z.infer<typeof ExportedRobot>;

export const ExportFile = lazySchema(() =>
  z.object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    /** When it was written, ms since the epoch. */
    exportedAt: z.number(),
    robots: z
      .array(ExportedRobot)
      .max(MAX_EXPORT_ROBOTS, `must hold at most ${MAX_EXPORT_ROBOTS} robots`)
      .superRefine((robots, ctx) => {
        const seen = new Map<string, string>();
        robots.forEach((robot, i) => {
          const earlier = seen.get(nameKey(robot.name));
          if (earlier !== undefined)
            ctx.addIssue({ code: 'custom', path: [i, 'name'], message: sameNameTwice(robot.name, earlier) });
          else seen.set(nameKey(robot.name), robot.name);
          const presets = new Map<string, string>();
          robot.presets.forEach((preset, j) => {
            const other = presets.get(nameKey(preset.name));
            if (other !== undefined)
              ctx.addIssue({
                code: 'custom',
                path: [i, 'presets', j, 'name'],
                message: `${sameNameTwice(preset.name, other)} for this robot`,
              });
            else presets.set(nameKey(preset.name), preset.name);
          });
        });
      }),
  }),
);
export type ExportFile = z.infer<typeof ExportFile>;

/** An export file's JSON checked, its patterns within one budget (a whole file costs no more than one preset may). */
export function parseExportJson(json: unknown): ReturnType<typeof ExportFile.safeParse> {
  return withinPatternBudget(() => ExportFile.safeParse(json));
}

/** Names are matched by the one name rule: "STRASSE" is "Straße", whatever the case or how accents are encoded. */
function sameNameTwice(name: string, earlier: string): string {
  return name.toLowerCase() === earlier.toLowerCase()
    ? `"${name}" appears twice`
    : `"${name}" is the same name as "${earlier}" (names match whatever their case, and however their accents are encoded); rename one`;
}

/** The envelope alone: enough to tell a newer version from a broken file. */
const Envelope = lazySchema(() =>
  z.object({ format: z.literal(EXPORT_FORMAT), version: z.number().int().min(1) }),
);

/**
 * The export file in `text`, or why it is not one, as a sentence to follow
 * the file's name ("is not valid JSON (…)", "was made by a newer Robot Tray …").
 */
export function parseExportFile(text: string): { file: ExportFile } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    return {
      problem: `is not a Robot Tray export: it must start with "format": "${EXPORT_FORMAT}" and a version number`,
    };
  }
  if (envelope.data.version > EXPORT_VERSION) {
    return {
      problem:
        `was made by a newer Robot Tray (version ${envelope.data.version}); ` +
        `this one reads version ${EXPORT_VERSION}: update Robot Tray`,
    };
  }
  const parsed = parseExportJson(json);
  if (!parsed.success) return { problem: `is not a valid export: ${describeZodError(parsed.error)}` };
  return { file: parsed.data };
}
