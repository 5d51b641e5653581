import { applySettingsPatch, type Settings, SettingsPatch } from '../shared/models/settings.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import { AppError, parseInput } from './errors.ts';
import type { WebhookClient } from './http/webhookClient.ts';
import { checkNetworkSettings } from './networkOps.ts';
import { checkHistoryBudget } from './store/historyBudget.ts';
import type { CatalogFiles } from './store/catalogFiles.ts';
import type { TeamCatalog } from './team/teamCatalog.ts';
import type { ProxyPasswordVault } from './vault/proxyPassword.ts';

export type SettingsOpsDeps = {
  files: CatalogFiles;
  client: WebhookClient;
  team: TeamCatalog;
  announcer: CoreAnnouncer;
  proxyPassword: ProxyPasswordVault;
  /** The settings as read when the core opened. */
  settings: Settings;
};

/**
 * Settings as AppCore offers them. A change (from here, or saved by another
 * process) takes effect at once, in the HTTP client and the team catalog
 * followed, and is announced. The manual proxy's password lives in the
 * keychain; settings name only the user.
 */
export class SettingsOps {
  readonly #d: SettingsOpsDeps;
  #settings: Settings;
  #closed = false;

  constructor(deps: SettingsOpsDeps) {
    this.#d = deps;
    this.#settings = deps.settings;
  }

  get current(): Settings {
    return this.#settings;
  }

  async update(patch: unknown): Promise<Settings> {
    const fields = parseInput(SettingsPatch, patch, 'settings');
    // Checked against the settings as they are now; the file is then changed
    // field by field, so a CA file or proxy mode is never saved unchecked.
    await checkNetworkSettings(applySettingsPatch(this.#settings, fields).network);
    const settings = await this.#d.files.settings.update((current) => {
      const next = applySettingsPatch(current, fields);
      checkHistoryBudget(next, fields);
      return { next, result: next };
    });
    this.#apply(settings);
    return settings;
  }

  /** Settings another process saved take effect here and are announced (unless closed meanwhile). */
  async reloadFromDisk(): Promise<void> {
    const settings = await this.#d.files.settings.read();
    if (!this.#closed && JSON.stringify(settings) !== JSON.stringify(this.#settings)) {
      this.#apply(settings);
    }
  }

  #apply(settings: Settings): void {
    this.#settings = settings;
    const { team } = this.#d;
    if (settings.teamCatalogFile !== team.file) void team.follow(settings.teamCatalogFile);
    this.#d.client.updateSettings(settings.http, settings.network);
    this.#d.announcer.emit({ type: 'settings', settings });
  }

  setProxyPassword = (password: unknown): Promise<void> =>
    typeof password === 'string'
      ? this.#d.proxyPassword.set(password)
      : Promise.reject(new AppError('validation', 'proxy password: must be text.'));
  clearProxyPassword = async (): Promise<void> => void (await this.#d.proxyPassword.delete());
  hasProxyPassword = async (): Promise<boolean> => (await this.#d.proxyPassword.get()) !== undefined;

  /** Settings read from disk after this no longer take effect. */
  close(): void {
    this.#closed = true;
  }
}
