import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Settings } from '../shared/models/settings.ts';
import { Catalog } from './catalog.ts';
import type { AppError } from './errors.ts';
import { type Clock, type Random, systemClock } from './clock.ts';
import { Network, type NetworkOptions } from './http/network.ts';
import { WebhookClient } from './http/webhookClient.ts';
import { CallHistory } from './store/callHistory.ts';
import { CatalogBackups, restoreCatalog } from './store/catalogBackups.ts';
import { openCatalogTables, type CatalogTables } from './store/catalogTables.ts';
import { Connection } from './store/connection.ts';
import { DATA_FILE } from './store/database.ts';
import { openDataFolder } from './store/dataFolder.ts';
import { defaultDataDir } from './store/dataDir.ts';
import { WarningLog } from './store/warnings.ts';
import { EchoKeys } from './vault/echoKeys.ts';
import { ProxyPasswordVault } from './vault/proxyPassword.ts';
import { RobotTokens } from './vault/robotTokens.ts';
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
   * Watch the followed team catalog's file, reading it again as it changes
   * (default: when resuming watching, as the app does). What other processes
   * change in the database is heard either way.
   */
  watchTeamCatalog?: boolean;
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

/** What AppCore is made of: the database, the keychain, the HTTP client. */
export type CoreParts = {
  dataDir: string;
  /** This process's connection to Robot Tray's database: calls, catalog, settings, warnings. */
  conn: Connection;
  files: CatalogTables;
  catalog: Catalog;
  vault: TokenVault;
  /** Which token may go where, read from the vault and kept until a token changes in any process. */
  tokens: RobotTokens;
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
  const warnings = new WarningLog(now);
  let setAside = false;
  const conn = await Connection.openWaiting(path.join(dataDir, DATA_FILE), warnings, now, readOnly, () => {
    setAside = true;
  });
  warnings.attach(conn);
  const backups = new CatalogBackups(dataDir, now);
  const files: CatalogTables = openCatalogTables(
    conn,
    warnings,
    now,
    readOnly === undefined
      ? () =>
          backups.save({
            robots: files.robots.read(),
            presets: files.presets.read(),
            settings: files.settings.read(),
          })
      : undefined,
  );
  if (setAside) await restoreCatalog(files, backups, (message) => warnings.add(DATA_FILE, message));
  const settings = files.settings.read();
  const proxyPassword = new ProxyPasswordVault(options.secrets);
  const network = new Network(settings.network, {
    ...options.network,
    proxyPassword: (origin) => proxyPassword.get(origin),
  });
  const history = new CallHistory(conn, warnings, now);
  const vault = new TokenVault(options.secrets);
  return {
    dataDir,
    conn,
    files,
    catalog: new Catalog(files, now, newId),
    vault,
    tokens: new RobotTokens(
      vault,
      readOnly === undefined
        ? {
            generation: () => conn.read(() => conn.notes.last('tokens')),
            changed: () => conn.transaction(() => void conn.note('tokens')),
          }
        : undefined,
    ),
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
