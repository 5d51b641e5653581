import { z } from 'zod';
import { Preset, PresetInput, PresetPatch } from '../../models/preset.ts';
import { ById, Id, Nothing } from './common.ts';
import { methods } from './define.ts';

export const presetMethods = methods({
  listPresets: { request: z.object({ robotId: Id.optional() }).strict(), response: z.array(Preset) },
  createPreset: { request: PresetInput.strict(), response: Preset },
  updatePreset: { request: z.object({ id: Id, patch: PresetPatch.strict() }).strict(), response: Preset },
  deletePreset: { request: ById, response: Nothing },
  duplicatePreset: { request: ById, response: Preset },
  /** `ids` lists each of the robot's presets once, in the new order. */
  reorderPresets: {
    request: z.object({ robotId: Id, ids: z.array(Id).max(10_000) }).strict(),
    response: z.array(Preset),
  },
});
