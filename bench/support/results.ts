/** The shape of bench/results.json, written by `npm run bench` and read by `npm run bench:readme`. */
import { z } from 'zod';
import { figureSchema } from './figures.ts';

export const machineSchema = z.strictObject({
  cpu: z.string(),
  cores: z.number().int().positive(),
  memoryGiB: z.number().positive(),
  os: z.string(),
  node: z.string(),
  /** os.loadavg() (1, 5 and 15 minutes) as the run started and as it ended: how busy the machine was. */
  loadAtStart: z.array(z.number().nonnegative()).length(3),
  loadAtEnd: z.array(z.number().nonnegative()).length(3),
});

export const benchResultSchema = z.strictObject({
  name: z.string().min(1),
  command: z.string().min(1),
  seconds: z.number().nonnegative(),
  exitCode: z.number().int().nullable(),
  /** Why it failed, in a line, or null when it ran through. */
  error: z.string().nullable(),
  figures: z.array(figureSchema),
});

export const resultsSchema = z.strictObject({
  date: z.iso.datetime(),
  short: z.boolean(),
  machine: machineSchema,
  benchmarks: z.array(benchResultSchema).min(1),
});
export type Results = z.infer<typeof resultsSchema>;
export type BenchResult = z.infer<typeof benchResultSchema>;
