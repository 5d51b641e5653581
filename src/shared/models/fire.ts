import { z } from 'zod';
import { JsonObject } from './json.ts';
import { HttpMethod } from './preset.ts';

/**
 * What to send when firing a robot: a saved preset (optionally with
 * arguments that override the preset's, and a method override), or a method
 * and arguments given right now.
 */
export const FireRequest = z.union([
  z
    .object({
      presetId: z.string().min(1),
      args: JsonObject.optional(),
      method: HttpMethod.optional(),
    })
    .strict(),
  z.object({ method: HttpMethod, args: JsonObject.default({}) }).strict(),
]);
export type FireRequest = z.input<typeof FireRequest>;
