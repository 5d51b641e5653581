import type { settingsMethods } from '../../../shared/ipc/contract/settings.ts';
import { chooseCaFile, describeCaFile } from './caFiles.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';
import { settingsForWindow, warningsForWindow } from '../windowView.ts';

export function settingsHandlers(ctx: HandlerContext): HandlersOf<typeof settingsMethods> {
  const { core } = ctx;
  return {
    getSettings: () => settingsForWindow(core.getSettings()),
    updateSettings: async (patch) => settingsForWindow(await core.updateSettings(patch)),
    chooseSettingsCaFile: async () => {
      const chosen = await chooseCaFile(ctx, 'CA file for every robot', 'app settings');
      if (chosen === null) return null;
      return {
        settings: settingsForWindow(await core.updateSettings({ network: { caFile: chosen.file } })),
        ca: chosen.ca,
      };
    },
    describeSettingsCaFile: () => describeCaFile(core.getSettings().network.caFile, 'app settings'),
    clearSettingsCaFile: async () =>
      settingsForWindow(await core.updateSettings({ network: { caFile: null } })),
    listWarnings: () => warningsForWindow(core.warnings(), core.dataDir),
    dismissWarning: ({ id }) => {
      core.dismissWarning(id);
      return null;
    },
    setProxyPassword: async ({ password }) => {
      await core.setProxyPassword(password);
      return { hasPassword: await core.hasProxyPassword() };
    },
    clearProxyPassword: async () => {
      await core.clearProxyPassword();
      return { hasPassword: false };
    },
    proxyPasswordStatus: async () => ({ hasPassword: await core.hasProxyPassword() }),
  };
}
