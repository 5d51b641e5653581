import { z } from 'zod';

/** Something people should know about that did not stop the app, e.g. a file set aside. */
export const Warning = z.object({
  id: z.string(),
  source: z.string(),
  message: z.string(),
  at: z.number(),
});
export type Warning = z.infer<typeof Warning>;
