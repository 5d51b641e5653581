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
 * The values last given to one preset's fields (by its id), to fill its form
 * the next time: a row of the database's preset_values. Secret fields are
 * never in it.
 */
export const RememberedValues = lazySchema(() => z.object({ id: z.string().min(1), values: PresetValues }));
export type RememberedValues = z.infer<typeof RememberedValues>;
