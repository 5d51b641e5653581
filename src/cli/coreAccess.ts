import { networkFlags } from './networkFlags.ts';
import { printProblem } from './output.ts';
import type { AppCore } from '../core/appCore.ts';

/**
 * Opens the core for one command. Loaded lazily so that --help and usage
 * errors never pay for the core (zod, undici, SQLite). The core finds its
 * data folder itself (ROBOT_TRAY_HOME, else the app's userData folder), and
 * does not resume watching calls left waiting: that is the app's job, and
 * a one-shot command must not compete with it.
 */
export async function withCore<T>(
  work: (core: AppCore) => Promise<T>,
  options: { showWarnings?: boolean } = {},
): Promise<T> {
  const { AppCore } = await import('../core/appCore.ts');
  const { proxy, ca } = networkFlags();
  // A --ca file is checked now, so a typo is a clear error before anything is sent.
  if (ca !== undefined) {
    const { checkCaFile } = await import('../core/http/trust.ts');
    for (const file of ca) await checkCaFile(file, '--ca');
  }
  const core = await AppCore.open({
    resumeWatching: false,
    network: { ...(proxy === undefined ? {} : { proxy }), ...(ca === undefined ? {} : { caFiles: ca }) },
  });
  // Until dismissed, every command says what went wrong with the data folder
  // (a damaged file set aside, records skipped), one line each on stderr.
  if (options.showWarnings !== false) {
    for (const warning of core.warnings()) {
      printProblem(
        `robot-tray: warning: ${warning.message} (dismiss with: robot-tray warnings dismiss ${warning.id})`,
      );
    }
  }
  try {
    return await work(core);
  } finally {
    // Stops any polling this command started without changing a call's
    // state: a call still waiting stays waiting for the app to pick up.
    await core.close();
  }
}
