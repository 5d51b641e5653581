import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';

/**
 * What importing an export file would do, robot by robot and preset by
 * preset (matched by name), shown before anything changes: by the CLI's
 * --dry-run and by the window's Import… dialog. Made by core/sharing/importPlan.ts.
 */
export const ExistingChoice = z.enum(['replace', 'skip']);
export type ExistingChoice = z.infer<typeof ExistingChoice>;

/**
 * The person's answers: for every robot already here, `existing`, or for one
 * robot by name (the window asks robot by robot). Without an answer, a robot
 * already here is a conflict and nothing is imported.
 */
export const ImportChoices = lazySchema(() =>
  z
    .object({
      existing: ExistingChoice.optional(),
      robots: z.record(z.string().max(200), ExistingChoice).optional(),
    })
    .strict(),
);
export type ImportChoices = z.input<typeof ImportChoices>;

export const PresetStep = lazySchema(() =>
  z.object({ name: z.string(), action: z.enum(['add', 'replace', 'skip']) }),
);
export type PresetStep = z.infer<typeof PresetStep>;

export const RobotStep = lazySchema(() =>
  z.object({
    name: z.string(),
    /** The name of the robot here it matched, when one did (the case may differ). */
    existingName: z.string().nullable(),
    /** conflict: a robot here has this name and no choice was made for it. */
    action: z.enum(['add', 'replace', 'skip', 'conflict']),
    baseUrl: z.string(),
    /**
     * What happens to the token: a new robot needs one; a replaced robot keeps
     * its token while its origin stays, and a robot moved to another origin
     * loses it (tokens are bound to origins: a file must not send a token elsewhere).
     */
    token: z.enum(['needed', 'kept', 'removed', 'unchanged']),
    /** Set when a replaced robot's address moves to another origin. */
    originChange: z.object({ from: z.string(), to: z.string() }).nullable(),
    /** The robot used a CA file on the desk it came from: choose one here. */
    caFileNeeded: z.boolean(),
    /**
     * The host its token would travel to unencrypted, when the file allows plain
     * http to another machine for it (an import brings that choice from another
     * desk, so the plan says so before anything changes); null otherwise.
     */
    plainHttpTo: z.string().nullable(),
    /** Why this robot cannot be imported here (nothing is, then); null when it can. */
    problem: z.string().nullable(),
    presets: z.array(PresetStep),
  }),
);
export type RobotStep = z.infer<typeof RobotStep>;

export const ImportPlan = lazySchema(() =>
  z.object({
    robots: z.array(RobotStep),
    /** Whether it can be applied: no robot in conflict, and none to add or replace with a problem. */
    ready: z.boolean(),
  }),
);
export type ImportPlan = z.infer<typeof ImportPlan>;
