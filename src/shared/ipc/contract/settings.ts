import { z } from 'zod';
import { CaFileSummary, NetworkFields } from '../../models/network.ts';
import { PollPolicyOverrides } from '../../models/pollPolicy.ts';
import { HttpFields, Settings, SettingsPatch } from '../../models/settings.ts';
import { Warning } from '../../models/warning.ts';
import { ById, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

const ProxyPasswordStatus = z.object({ hasPassword: z.boolean() });

/**
 * Settings as the window may change them: every group strict (a field the
 * contract does not know is an error, not silently dropped) and no path: the
 * CA file and the team catalog are chosen in main's file dialog
 * (chooseSettingsCaFile, chooseTeamCatalog).
 */
export const WindowSettingsPatch = SettingsPatch.omit({ teamCatalogFile: true }).extend({
  http: HttpFields.partial().strict().optional(),
  network: NetworkFields.omit({ caFile: true }).partial().strict().optional(),
  pollPolicy: PollPolicyOverrides.strict().optional(),
});

/**
 * A CA file main read for every robot: the settings as saved and what the
 * window shows of the file. Settings reach the window with `network.caFile`
 * as the file's name only, never a path (main/ipc/windowView.ts).
 */
export const SettingsCaChoice = z.object({ settings: Settings, ca: CaFileSummary });

export const settingsMethods = methods({
  getSettings: { request: NoRequest, response: Settings },
  /** Only the fields named change; nested groups merge field by field. */
  updateSettings: { request: WindowSettingsPatch, response: Settings },
  /** Main shows the native file dialog for a CA file every robot trusts; null when cancelled. */
  chooseSettingsCaFile: { request: NoRequest, response: SettingsCaChoice.nullable() },
  /** What the window shows of the saved CA file every robot trusts, read by main now; null when none. */
  describeSettingsCaFile: { request: NoRequest, response: CaFileSummary.nullable() },
  clearSettingsCaFile: { request: NoRequest, response: Settings },
  listWarnings: { request: NoRequest, response: z.array(Warning) },
  dismissWarning: { request: ById, response: Nothing },
  /** The manual proxy's password goes to main once, into the keychain, and never comes back. */
  setProxyPassword: {
    request: z.object({ password: z.string().min(1, 'must not be empty').max(1024, 'is too long') }).strict(),
    response: ProxyPasswordStatus,
  },
  clearProxyPassword: { request: NoRequest, response: ProxyPasswordStatus },
  proxyPasswordStatus: { request: NoRequest, response: ProxyPasswordStatus },
});
