/**
 * Runs before `npm start` and `npm run dev`. Electron 45 downloads its binary
 * lazily, but electron-vite reads node_modules/electron/path.txt first and
 * throws "Electron uninstall" when it is missing, so on a fresh clone the lazy
 * download never gets a chance. Here we run Electron's own installer
 * (node_modules/electron/install.js, what `npx install-electron` runs) when
 * the binary is missing, and when it cannot be fetched (no network) say in one
 * line what failed and what still works, instead of a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const electronDir =
  process.env['ROBOT_TRAY_ELECTRON_DIR'] ?? path.join(import.meta.dirname, '..', 'node_modules', 'electron');

/** Whether Electron's binary is where electron-vite looks for it. */
export function electronInstalled(dir: string): boolean {
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const executable = readFileSync(pathFile, 'utf8').trim();
  return executable !== '' && existsSync(path.join(dir, 'dist', executable));
}

/** The one line worth showing from the installer's error output (its stack trace is not). */
export function installFailureReason(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  if (
    lines.some((line) => /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(line))
  ) {
    return "no connection to Electron's download server";
  }
  const error = lines.find((line) => /error|status code/i.test(line));
  return (error ?? lines[0] ?? 'the installer exited without saying why').slice(0, 200);
}

if (!electronInstalled(electronDir)) {
  console.error("robot-tray: Electron's binary is not installed yet; downloading it (one time)…");
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: electronDir,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (result.status !== 0 || !electronInstalled(electronDir)) {
    const reason = result.error?.message ?? installFailureReason(result.stderr ?? '');
    console.error(
      `robot-tray: could not download Electron's binary (${reason}), so the app cannot open on this machine. ` +
        'Still working here: the CLI (npx robot-tray --help), the sandbox (npm run sandbox) and the tests (npm test). ' +
        "On a network that reaches Electron's downloads, run npm start again.",
    );
    process.exit(1);
  }
}
