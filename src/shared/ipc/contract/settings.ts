import { z } from 'zod';
import { Settings, SettingsPatch } from '../../models/settings.ts';
import { Warning } from '../../models/warning.ts';
import { ById, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

const ProxyPasswordStatus = z.object({ hasPassword: z.boolean() });

export const settingsMethods = methods({
  getSettings: { request: NoRequest, response: Settings },
  /** Only the fields named change; nested groups merge field by field. */
  updateSettings: { request: SettingsPatch, response: Settings },
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
