import { z } from 'zod';

/** The most differences one comparison lists (the window's and the CLI's default). */
export const MAX_DIFF_LINES = 500;

/** One difference as the window lists it: a JSONPath, and values as short JSON previews. */
export const DiffLine = z
  .object({
    kind: z.enum(['added', 'removed', 'changed']),
    path: z.string(),
    before: z.string().optional(),
    after: z.string().optional(),
  })
  .strict();

/** One part's differences, the first MAX_DIFF_LINES at most (`truncated`: there are more). */
export const PartDiff = z
  .object({ lines: z.array(DiffLine).max(MAX_DIFF_LINES), truncated: z.boolean() })
  .strict();
export type PartDiff = z.infer<typeof PartDiff>;

/** Two runs compared: the arguments each sent, then their responses. */
export const RunDiff = z.object({ args: PartDiff, response: PartDiff }).strict();
export type RunDiff = z.infer<typeof RunDiff>;
