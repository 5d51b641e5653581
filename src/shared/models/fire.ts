import { z } from 'zod';
import { JsonObject } from './json.ts';
import { HttpMethod } from './preset.ts';
import { FieldValuesInput } from './presetFields.ts';

/**
 * What to send when firing a robot: a saved preset (optionally with
 * arguments that override the preset's, and a method override), or a method
 * and arguments given right now. With `replaceArgs`, the arguments given are
 * the whole set and the preset's are not merged in ("Fire with changes",
 * where removing an argument must remove it). `fields` are the values of
 * the preset's fill-in fields; the arguments are filled with them (in the
 * core, never by the sender) before anything is sent.
 */
export const FireRequest = z
  .object({
    presetId: z.string().min(1).optional(),
    method: HttpMethod.optional(),
    args: JsonObject.optional(),
    replaceArgs: z.boolean().optional(),
    fields: FieldValuesInput.optional(),
  })
  .strict()
  .refine((request) => request.presetId !== undefined || request.method !== undefined, {
    message: 'give a presetId, or a method (POST or GET) with arguments',
  })
  .refine((request) => request.presetId !== undefined || request.fields === undefined, {
    message: "fields are the values of a preset's fields; give the presetId too",
    path: ['fields'],
  })
  .transform((request) =>
    request.presetId !== undefined
      ? {
          presetId: request.presetId,
          args: request.args,
          method: request.method,
          ...(request.fields === undefined ? {} : { fields: request.fields }),
          ...(request.replaceArgs === true ? { replaceArgs: true as const } : {}),
        }
      : { method: request.method as HttpMethod, args: request.args ?? {} },
  );
export type FireRequest = z.input<typeof FireRequest>;
