import type { Settings, SettingsPatch } from '../../../../shared/models/settings.ts';
import { networkDraftOf, networkOf, type NetworkDraft } from '../network/networkDraft.ts';
import { pollDraftOf, pollPolicyOf, type PollDraft } from '../robots/robotDraft.ts';

export type SettingsDraft = PollDraft & {
  historyLimit: string;
  notifications: boolean;
  launchAtLogin: boolean;
  checkForUpdates: boolean;
  network: NetworkDraft;
};

export function settingsDraftOf(settings: Settings): SettingsDraft {
  return {
    ...pollDraftOf(settings.pollPolicy),
    historyLimit: String(settings.historyLimit),
    notifications: settings.notifications,
    launchAtLogin: settings.launchAtLogin,
    checkForUpdates: settings.checkForUpdates,
    network: networkDraftOf(settings.network),
  };
}

/** The settings to save, or the reason beside each box that stops it. */
export function settingsPatchOf(
  draft: SettingsDraft,
): { patch: SettingsPatch } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const poll = pollPolicyOf(draft);
  if ('error' in poll) errors['pollPolicy'] = poll.error;
  const history = Number(draft.historyLimit.trim());
  if (!/^\d+$/.test(draft.historyLimit.trim()) || history < 10 || history > 1_000_000) {
    errors['historyLimit'] = 'Keep between 10 and 1,000,000 calls (a whole number).';
  }
  const network = networkOf(draft.network);
  if ('errors' in network) Object.assign(errors, network.errors);
  if ('error' in poll || 'errors' in network || errors['historyLimit'] !== undefined) return { errors };
  return {
    patch: {
      pollPolicy: poll.policy,
      historyLimit: history,
      notifications: draft.notifications,
      launchAtLogin: draft.launchAtLogin,
      checkForUpdates: draft.checkForUpdates,
      network: network.network,
    },
  };
}
