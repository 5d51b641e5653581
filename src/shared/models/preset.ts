import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { JsonObject } from './json.ts';
import { PresetFields } from './presetFields.ts';
import { nameSchema } from './robot.ts';

export const HttpMethod = z.enum(['POST', 'GET']);
export type HttpMethod = z.infer<typeof HttpMethod>;

export const PresetName = lazySchema(() => nameSchema(120));

/**
 * Whether a new preset notifies when a run of it ends, unless told: the same
 * for the window's New preset, `robot-tray preset add` and an import. Runs
 * fired from the tray always notify; the window shows its own.
 */
export const NOTIFY_ON_FINISH_DEFAULT = false;

export const Preset = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    robotId: z.string().min(1),
    name: PresetName,
    method: HttpMethod.default('POST'),
    args: JsonObject.default({}),
    /**
     * Fill-in fields, asked for each time the preset is fired; `args` use them
     * as `{"$field": NAME}`. Whether every reference names a declared field is
     * checked by the core when a preset is written (fieldReferenceProblems),
     * not here: a refinement would stop PresetInput.omit and .strict.
     */
    fields: PresetFields.default([]),
    pinnedToTray: z.boolean().default(false),
    notifyOnFinish: z.boolean().default(NOTIFY_ON_FINISH_DEFAULT),
    /** Position among the robot's presets; lower first. */
    order: z.number().default(0),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type Preset = z.infer<typeof Preset>;

export const PresetInput = lazySchema(() =>
  z.object({
    robotId: z.string().min(1, 'must name a robot'),
    name: PresetName,
    method: HttpMethod.optional(),
    args: JsonObject.optional(),
    fields: PresetFields.optional(),
    pinnedToTray: z.boolean().optional(),
    notifyOnFinish: z.boolean().optional(),
  }),
);
export type PresetInput = z.input<typeof PresetInput>;

export const PresetPatch = lazySchema(() => PresetInput.omit({ robotId: true }).partial());
export type PresetPatch = z.input<typeof PresetPatch>;
