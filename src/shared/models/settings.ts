import { z } from 'zod';
import { PollPolicyOverrides } from './pollPolicy.ts';

export const Settings = z.object({
  /** Calls kept in history; the oldest finished ones are pruned first. */
  historyLimit: z.number().int().min(10).max(1_000_000).default(5_000),
  /** Query requests in flight at once, across all robots. */
  maxConcurrentQueries: z.number().int().min(1).max(256).default(16),
  pollPolicy: PollPolicyOverrides.default({}),
  notifications: z.boolean().default(true),
  http: z
    .object({
      connectTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
      headersTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
      bodyTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
      triggerResponseCapBytes: z
        .number()
        .int()
        .min(1024)
        .max(64 * 1024 * 1024)
        .default(1024 * 1024),
      queryResponseCapBytes: z
        .number()
        .int()
        .min(1024)
        .max(1024 * 1024 * 1024)
        .default(50 * 1024 * 1024),
      connectionsPerOrigin: z.number().int().min(1).max(256).default(8),
    })
    .default({
      connectTimeoutMs: 10_000,
      headersTimeoutMs: 30_000,
      bodyTimeoutMs: 30_000,
      triggerResponseCapBytes: 1024 * 1024,
      queryResponseCapBytes: 50 * 1024 * 1024,
      connectionsPerOrigin: 8,
    }),
});
export type Settings = z.infer<typeof Settings>;
export type HttpSettings = Settings['http'];

export const SettingsPatch = Settings.partial();
export type SettingsPatch = z.input<typeof SettingsPatch>;

export const defaultSettings: Settings = Settings.parse({});
