import type { settingsMethods } from '../../../shared/ipc/contract/settings.ts';
import type { HandlerContext } from './context.ts';
import type { HandlersOf } from './types.ts';

export function settingsHandlers({ core }: HandlerContext): HandlersOf<typeof settingsMethods> {
  return {
    getSettings: () => core.getSettings(),
    updateSettings: (patch) => core.updateSettings(patch),
    listWarnings: () => core.warnings(),
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
