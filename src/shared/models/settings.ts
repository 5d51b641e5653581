import { z } from 'zod';
import { stripUndefined } from '../objects.ts';
import { defaultNetworkSettings, NetworkFields } from './network.ts';
import { HISTORY_MAX_BYTES, QUERY_RESPONSE_CAP_BYTES } from './historyBounds.ts';
import { PollPolicyOverrides } from './pollPolicy.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** The bounds of each HTTP setting, without defaults, so a patch can name just one. */
export const HttpFields = z.object({
  connectTimeoutMs: z.number().int().min(100).max(600_000),
  headersTimeoutMs: z.number().int().min(100).max(600_000),
  bodyTimeoutMs: z.number().int().min(100).max(600_000),
  /** The whole request, connect to last byte: a body trickling in can hold no request longer. */
  requestDeadlineMs: z.number().int().min(1_000).max(3_600_000),
  triggerResponseCapBytes: z
    .number()
    .int()
    .min(1024)
    .max(64 * MiB),
  queryResponseCapBytes: z.number().int().min(QUERY_RESPONSE_CAP_BYTES.min).max(QUERY_RESPONSE_CAP_BYTES.max),
  connectionsPerOrigin: z.number().int().min(1).max(256),
});

export const defaultHttpSettings: z.infer<typeof HttpFields> = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  requestDeadlineMs: 60_000,
  triggerResponseCapBytes: MiB,
  queryResponseCapBytes: 50 * MiB,
  connectionsPerOrigin: 8,
};

const SettingsFields = z.object({
  /** Calls kept in history; the oldest finished ones are pruned first. */
  historyLimit: z.number().int().min(10).max(1_000_000),
  /**
   * What the history may take on disk, responses included; the oldest
   * finished calls are pruned first, a call still waiting never.
   */
  historyMaxBytes: z
    .number()
    .int()
    .min(HISTORY_MAX_BYTES.min, 'keep at least 10 MiB of history')
    .max(HISTORY_MAX_BYTES.max, 'at most 1024 GiB'),
  /** Query requests in flight at once, across all robots. */
  maxConcurrentQueries: z.number().int().min(1).max(256),
  /** Status queries started per second to one service (origin), whatever the number of calls waiting on it. */
  queriesPerSecondPerOrigin: z.number().int().min(1).max(100_000),
  pollPolicy: PollPolicyOverrides,
  notifications: z.boolean(),
  /** Start Robot Tray (in the tray) when the user logs in. */
  launchAtLogin: z.boolean(),
  /** Look for a newer Robot Tray (an installed build with an update feed only) and download it in the background. */
  checkForUpdates: z.boolean(),
  http: HttpFields,
  /** Trust (OS store, an extra CA file) and proxy: see models/network.ts. */
  network: NetworkFields,
  /**
   * A team catalog followed read-only (an export file in a shared folder or a
   * git checkout): chosen in main's dialog or given to the CLI, never by the window.
   */
  teamCatalogFile: z.string().trim().min(1, 'must not be empty').max(4096).nullable(),
});

/** Settings as stored: every field present, missing ones filled from the defaults. */
export const Settings = z.object({
  historyLimit: SettingsFields.shape.historyLimit.default(5_000),
  historyMaxBytes: SettingsFields.shape.historyMaxBytes.default(GiB),
  maxConcurrentQueries: SettingsFields.shape.maxConcurrentQueries.default(16),
  queriesPerSecondPerOrigin: SettingsFields.shape.queriesPerSecondPerOrigin.default(20),
  pollPolicy: PollPolicyOverrides.default({}),
  notifications: z.boolean().default(true),
  launchAtLogin: z.boolean().default(false),
  checkForUpdates: z.boolean().default(true),
  http: HttpFields.partial()
    .default({})
    .transform((http) => ({ ...defaultHttpSettings, ...stripUndefined(http) })),
  network: NetworkFields.partial()
    .default({})
    .transform((network) => ({ ...defaultNetworkSettings, ...stripUndefined(network) })),
  teamCatalogFile: SettingsFields.shape.teamCatalogFile.default(null),
});
export type Settings = z.infer<typeof Settings>;
export type HttpSettings = Settings['http'];
export type { NetworkSettings } from './network.ts';

/** A change to some settings; nested groups name only the fields that change. */
export const SettingsPatch = SettingsFields.extend({
  http: HttpFields.partial(),
  network: NetworkFields.partial(),
})
  .partial()
  .strict();
export type SettingsPatch = z.input<typeof SettingsPatch>;

export const defaultSettings: Settings = Settings.parse({});

/** Settings after a patch. Nested groups merge field by field: changing one timeout keeps the others. */
export function applySettingsPatch(current: Settings, fields: z.output<typeof SettingsPatch>): Settings {
  return {
    ...current,
    ...stripUndefined(fields),
    http: { ...current.http, ...stripUndefined(fields.http ?? {}) },
    network: { ...current.network, ...stripUndefined(fields.network ?? {}) },
    pollPolicy: { ...current.pollPolicy, ...stripUndefined(fields.pollPolicy ?? {}) },
  };
}
