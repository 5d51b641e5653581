import type { settingsMethods } from '../../../shared/ipc/contract/settings.ts';
import { chooseCaFile, describeCaFile } from './caFiles.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';
import { askPerson } from './trustQuestion.ts';
import { settingsForWindow, warningsForWindow } from '../windowView.ts';

export function settingsHandlers(ctx: HandlerContext): HandlersOf<typeof settingsMethods> {
  const { core } = ctx;
  // A proxy or a CA file changes where every robot's token goes: main asks the person first.
  const update = async (patch: unknown) =>
    settingsForWindow(
      await core.updateSettings(
        patch,
        askPerson(ctx, () => 'every robot'),
      ),
    );
  return {
    getSettings: () => settingsForWindow(core.getSettings()),
    updateSettings: (patch) => update(patch),
    chooseSettingsCaFile: async () => {
      const chosen = await chooseCaFile(ctx, 'CA file for every robot', 'app settings');
      if (chosen === null) return null;
      return { settings: await update({ network: { caFile: chosen.file } }), ca: chosen.ca };
    },
    describeSettingsCaFile: () => describeCaFile(core.getSettings().network.caFile, 'app settings'),
    clearSettingsCaFile: () => update({ network: { caFile: null } }),
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
