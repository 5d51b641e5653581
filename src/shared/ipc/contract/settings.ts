import { z } from 'zod';
import { Settings, SettingsPatch } from '../../models/settings.ts';
import { Warning } from '../../models/warning.ts';
import { ById, NoRequest, Nothing } from './common.ts';
import { methods } from './define.ts';

export const settingsMethods = methods({
  getSettings: { request: NoRequest, response: Settings },
  /** Only the fields named change; nested groups merge field by field. */
  updateSettings: { request: SettingsPatch, response: Settings },
  listWarnings: { request: NoRequest, response: z.array(Warning) },
  dismissWarning: { request: ById, response: Nothing },
});
