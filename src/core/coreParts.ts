import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Settings } from '../shared/models/settings.ts';
import { Catalog } from './catalog.ts';
import type { AppError } from './errors.ts';
import { type Clock, type Random, systemClock } from './clock.ts';
import { Network, type NetworkOptions } from './http/network.ts';
import { WebhookClient } from './http/webhookClient.ts';
import { CallHistory } from './store/callHistory.ts';
import { openCatalogFiles, type CatalogFiles } from './store/catalogFiles.ts';
import { openDataFolder } from './store/dataFolder.ts';
import { defaultDataDir } from './store/dataDir.ts';
import { removeInterruptedWrites } from './store/leftovers.ts';
import { WarningLog } from './store/warnings.ts';
import { EchoKeys } from './vault/echoKeys.ts';
import { ProxyPasswordVault } from './vault/proxyPassword.ts';
import { type SecretBackend, TokenVault } from './vault/tokenVault.ts';

export type AppCoreOptions = {
  /** Defaults to Electron's userData for "Robot Tray", or ROBOT_TRAY_HOME. */
  dataDir?: string;
  /** Defaults to keytar. */
  secrets?: SecretBackend;
  clock?: Clock;
  random?: Random;
  newId?: () => string;
  /**
   * Resume watching calls left waiting by an earlier run (the app does; a
   * one-shot CLI command does not, so it never competes with the app).
   */
  resumeWatching?: boolean;
  /**
   * Watch the data folder, announcing robots, presets and settings another
   * process changes as they change (default: when resuming watching, as the
   * app does). Calls other processes change are announced either way.
   */
  watchFolder?: boolean;
  /**
   * This process's additions to the stored trust and proxy settings: the
   * CLI's --proxy and --ca, the app's system proxy resolver.
   */
  network?: Omit<NetworkOptions, 'proxyPassword'>;
  /**
   * Schedule queries by the run times learned from finished calls (default);
   * false polls on the poll policy alone, as before learning (for measuring
   * one against the other).
   */
  learnRunTimes?: boolean;
};

/** What AppCore is made of: the data folder's files, the keychain, the HTTP client. */
export type CoreParts = {
  dataDir: string;
  files: CatalogFiles;
  catalog: Catalog;
  vault: TokenVault;
  /** The desk's key for masking a call's secrets out of its answers, in the keychain beside the tokens. */
  echo: EchoKeys;
  proxyPassword: ProxyPasswordVault;
  history: CallHistory;
  client: WebhookClient;
  warnings: WarningLog;
  clock: Clock;
  random: Random;
  learnRunTimes: boolean;
  newId: () => string;
  settings: Settings;
  /** Why the data folder cannot be written, when it cannot: reads work, every change throws this. */
  readOnly: AppError | undefined;
};

/** Open the data folder (created private if missing) and everything that reads or writes it. */
export async function openParts(options: AppCoreOptions): Promise<CoreParts> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const newId = options.newId ?? randomUUID;
  // A folder that cannot be used at all throws here, naming it and the fix.
  const { readOnly } = await openDataFolder(dataDir);
  if (readOnly === undefined) {
    // Housekeeping: a folder we cannot tidy is no reason not to start.
    await removeInterruptedWrites(dataDir).catch(() => undefined);
  }
  const warnings = new WarningLog(now, path.join(dataDir, 'warnings.json'), readOnly);
  const files = openCatalogFiles(dataDir, warnings, now, readOnly);
  const settings = await files.settings.read();
  const proxyPassword = new ProxyPasswordVault(options.secrets);
  const network = new Network(settings.network, {
    ...options.network,
    proxyPassword: (origin) => proxyPassword.get(origin),
  });
  const history = await CallHistory.openWaiting(
    path.join(dataDir, 'history.sqlite'),
    warnings,
    now,
    readOnly,
  );
  return {
    dataDir,
    files,
    catalog: new Catalog(files, now, newId),
    vault: new TokenVault(options.secrets),
    echo: new EchoKeys(options.secrets),
    proxyPassword,
    history,
    client: new WebhookClient(settings.http, now, network),
    warnings,
    clock,
    random: options.random ?? Math.random,
    learnRunTimes: options.learnRunTimes ?? true,
    newId,
    settings,
    readOnly,
  };
}
