import { z } from 'zod';
import { Preset, PresetInput, PresetPatch } from '../../models/preset.ts';
import { FieldValuesInput } from '../../models/presetFields.ts';
import { ById, Id, Nothing } from './common.ts';
import { methods } from './define.ts';

export const presetMethods = methods({
  listPresets: { request: z.object({ robotId: Id.optional() }).strict(), response: z.array(Preset) },
  createPreset: { request: PresetInput.strict(), response: Preset },
  updatePreset: { request: z.object({ id: Id, patch: PresetPatch.strict() }).strict(), response: Preset },
  deletePreset: { request: ById, response: Nothing },
  duplicatePreset: { request: ById, response: Preset },
  /** The values a preset's fill-in form starts with: the last ones given, never a secret field's. */
  lastFieldValues: { request: ById, response: FieldValuesInput },
  /** `ids` lists each of the robot's presets once, in the new order. */
  reorderPresets: {
    request: z.object({ robotId: Id, ids: z.array(Id).max(10_000) }).strict(),
    response: z.array(Preset),
  },
});
