import type { AppCore } from '../core/appCore.ts';

/**
 * Opens the core for one command. Loaded lazily so that --help and usage
 * errors never pay for the core (zod, undici, SQLite). The core finds its
 * data folder itself (ROBOT_TRAY_HOME, else the app's userData folder), and
 * does not resume watching calls left waiting: that is the app's job, and
 * a one-shot command must not compete with it.
 */
export async function withCore<T>(work: (core: AppCore) => Promise<T>): Promise<T> {
  const { AppCore } = await import('../core/appCore.ts');
  const core = await AppCore.open({ resumeWatching: false });
  try {
    return await work(core);
  } finally {
    // Stops any polling this command started without changing a call's
    // state: a call still waiting stays waiting for the app to pick up.
    await core.close();
  }
}
