import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

/** The variable that marks every process a test starts, and every process those start. */
export const MARK_VARIABLE = 'ROBOT_TRAY_TEST_RUN';

/**
 * Live processes (zombies left out: they have ended, their parent just has
 * not collected them) whose environment carries `MARK_VARIABLE=mark`. Every
 * child inherits the environment, so this finds a benchmark's sandbox,
 * browsers and keyring daemons even after they were handed to init.
 */
export async function markedProcesses(mark: string): Promise<string[]> {
  const found: string[] = [];
  const wanted = `${MARK_VARIABLE}=${mark}`;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (!environ.split('\0').includes(wanted)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X' || state === '') continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');
    found.push(`${pid} ${cmdline.replaceAll('\0', ' ').trim()}`);
  }
  return found;
}

/**
 * The marked processes still alive `graceMs` after the run that started
 * them ended: daemons that notice their parent's end (a keyring on a closed
 * bus) take a moment, which is not being left behind.
 */
export async function processesLeftBehind(mark: string, graceMs = 5_000): Promise<string[]> {
  const until = performance.now() + graceMs;
  for (;;) {
    const alive = await markedProcesses(mark);
    if (alive.length === 0 || performance.now() > until) return alive;
    await delay(100);
  }
}

/** Ends processes that `markedProcesses` listed (a failed run's leftovers), so they do not outlive the test. */
export function endLeftovers(listed: string[]): void {
  for (const line of listed) {
    try {
      process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
