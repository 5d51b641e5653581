import { formatBytes, parseBytes } from '../../../../shared/bytes.ts';
import type { Settings, SettingsPatch } from '../../../../shared/models/settings.ts';
import { historyBudgetProblem } from '../../../../shared/sentences/historyBudget.ts';
import { networkDraftOf, networkOf, type NetworkDraft } from '../network/networkDraft.ts';
import { pollDraftOf, pollPolicyOf, type PollDraft } from '../robots/robotDraft.ts';

export type SettingsDraft = PollDraft & {
  historyLimit: string;
  /** Sizes as typed: "1 GiB", "50 MiB". */
  historyMaxSize: string;
  maxResponseSize: string;
  notifications: boolean;
  launchAtLogin: boolean;
  checkForUpdates: boolean;
  network: NetworkDraft;
};

export function settingsDraftOf(settings: Settings): SettingsDraft {
  return {
    ...pollDraftOf(settings.pollPolicy),
    historyLimit: String(settings.historyLimit),
    historyMaxSize: formatBytes(settings.historyMaxBytes),
    maxResponseSize: formatBytes(settings.http.queryResponseCapBytes),
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
  const MiB = 1024 * 1024;
  const maxBytes = sizeIn(draft.historyMaxSize, 10 * MiB, 1024 * 1024 * MiB);
  if (maxBytes === undefined)
    errors['historyMaxBytes'] = 'Give a size from 10 MiB to 1024 GiB, such as 1 GiB.';
  const maxResponse = sizeIn(draft.maxResponseSize, 1024, 1024 * MiB);
  if (maxResponse === undefined)
    errors['maxResponseBytes'] = 'Give a size from 1 KiB to 1024 MiB, such as 50 MiB.';
  const budget =
    maxBytes === undefined || maxResponse === undefined
      ? undefined
      : historyBudgetProblem(maxBytes, maxResponse);
  if (budget !== undefined) errors['historyMaxBytes'] = budget;
  const network = networkOf(draft.network);
  if ('errors' in network) Object.assign(errors, network.errors);
  if (
    'error' in poll ||
    'errors' in network ||
    maxBytes === undefined ||
    maxResponse === undefined ||
    budget !== undefined ||
    errors['historyLimit'] !== undefined
  ) {
    return { errors };
  }

  return {
    patch: {
      pollPolicy: poll.policy,
      historyLimit: history,
      historyMaxBytes: maxBytes,
      http: { queryResponseCapBytes: maxResponse },
      notifications: draft.notifications,
      launchAtLogin: draft.launchAtLogin,
      checkForUpdates: draft.checkForUpdates,
      network: network.network,
    },
  };
}

/** A size typed in a box, when it is one and within bounds. */
function sizeIn(text: string, min: number, max: number): number | undefined {
  const bytes = parseBytes(text);
  return bytes !== undefined && bytes >= min && bytes <= max ? bytes : undefined;
}
