import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { MAX_FIELD_NAME_LENGTH, MAX_FIELD_VALUE_LENGTH, MAX_PRESET_FIELDS } from '../limits.ts';

/** One preset's last field values, by field name. */
const PresetValues = lazySchema(() =>
  z
    .record(
      z.string().max(MAX_FIELD_NAME_LENGTH),
      z.union([z.string().max(MAX_FIELD_VALUE_LENGTH), z.number(), z.boolean()]),
    )
    .refine((values) => Object.keys(values).length <= MAX_PRESET_FIELDS, 'too many values'),
);

/**
 * preset-values.json: the values last given to each preset's fields, by
 * preset id, to fill its form the next time. Secret fields are never in it.
 */
export const RememberedValues = lazySchema(() => z.record(z.string(), PresetValues));
export type RememberedValues = z.infer<typeof RememberedValues>;
