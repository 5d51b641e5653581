import { applySettingsPatch, type Settings, SettingsPatch } from '../shared/models/settings.ts';
import type { CoreAnnouncer } from './coreEvents.ts';
import { AppError, parseInput } from './errors.ts';
import type { WebhookClient } from './http/webhookClient.ts';
import { checkNetworkSettings } from './networkOps.ts';
import { checkHistoryBudget } from './store/historyBudget.ts';
import type { CatalogFiles } from './store/catalogFiles.ts';
import type { TeamCatalog } from './team/teamCatalog.ts';
import type { ProxyPasswordVault } from './vault/proxyPassword.ts';
import type { NetworkSettings } from '../shared/models/network.ts';
import { proxyOriginOf } from '../shared/net/proxyAddress.ts';
import { networkTrustChanges } from './trustChanges.ts';
import { askTrust, assertConfirmed, type TrustOptions } from './trustConsent.ts';

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
 * keychain, bound to the proxy's address; settings name only the user. A
 * change to where requests go or whom they trust takes effect only once
 * confirmed (trustChanges.ts).
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

  async update(patch: unknown, options: TrustOptions = {}): Promise<Settings> {
    const fields = parseInput(SettingsPatch, patch, 'settings');
    const before = this.#settings;
    const planned = applySettingsPatch(before, fields);
    // Checked against the settings as they are now; the file is then changed
    // field by field, so a CA file or proxy mode is never saved unchecked.
    const ca = await checkNetworkSettings(planned.network);
    const facts = {
      ...(ca === undefined ? {} : { ca }),
      passwordAt: await this.#passwordAt(before, planned),
    };
    const confirmed = await askTrust(networkTrustChanges(before.network, planned.network, facts), options);
    const { settings, changes } = await this.#d.files.settings.update((current) => {
      const next = applySettingsPatch(current, fields);
      checkHistoryBudget(next, fields);
      // What was confirmed is checked against the file as it is when written.
      const changes = networkTrustChanges(current.network, next.network, facts);
      assertConfirmed(changes, confirmed);
      return { next, result: { settings: next, changes } };
    });
    this.#apply(settings);
    for (const change of changes) {
      if (change.kind === 'proxy-password') await this.#movePassword(change.from, change.to);
    }
    return settings;
  }

  /**
   * The proxy address a password is stored for, asked of the keychain only
   * when the proxy address changes (the password may go with it, if
   * confirmed). A keychain that cannot answer moves nothing: the password
   * stays with the old address, sent nowhere new.
   */
  async #passwordAt(before: Settings, after: Settings): Promise<string | null> {
    const from = proxyOrigin(before.network);
    if (from === null || from === proxyOrigin(after.network)) return null;
    const stored = await this.#d.proxyPassword.get(from).catch(() => undefined);
    return stored === undefined ? null : from;
  }

  async #movePassword(from: string, to: string): Promise<void> {
    try {
      await this.#d.proxyPassword.move(from, to);
    } catch (error) {
      throw new AppError(
        'keychain',
        `The settings were saved, but the proxy password could not be moved to ${to}: ${(error as Error).message} Set the proxy password again.`,
        { cause: error },
      );
    }
    this.#dropConnections();
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

  /** Stored for the manual proxy's address as saved now, and sent only there. */
  async setProxyPassword(password: unknown): Promise<void> {
    if (typeof password !== 'string') throw new AppError('validation', 'proxy password: must be text.');
    const origin = proxyOrigin(this.#settings.network);
    if (origin === null) {
      throw new AppError(
        'validation',
        "proxy password: save the manual proxy's address first; the password is kept for that proxy only.",
      );
    }
    await this.#d.proxyPassword.set(origin, password);
    this.#dropConnections();
  }

  async clearProxyPassword(): Promise<void> {
    const origin = proxyOrigin(this.#settings.network);
    await this.#d.proxyPassword.deleteAll(origin === null ? [] : [origin]);
    this.#dropConnections();
  }

  /** Whether a password is stored for the proxy address saved now. */
  async hasProxyPassword(): Promise<boolean> {
    const origin = proxyOrigin(this.#settings.network);
    return origin !== null && (await this.#d.proxyPassword.get(origin)) !== undefined;
  }

  /** Connections keep the proxy password they were made with: a changed one applies from the next. */
  #dropConnections(): void {
    this.#d.client.updateSettings(this.#settings.http);
  }

  /** Settings read from disk after this no longer take effect. */
  close(): void {
    this.#closed = true;
  }
}

function proxyOrigin(network: NetworkSettings): string | null {
  return network.proxyUrl === null ? null : proxyOriginOf(network.proxyUrl);
}
