/**
 * Runs before `npm start` and `npm run dev`. Electron 45 downloads its binary
 * lazily, but electron-vite reads node_modules/electron/path.txt first and
 * throws "Electron uninstall" when it is missing, so on a fresh clone the lazy
 * download never gets a chance. Here we run Electron's own installer
 * (node_modules/electron/install.js, what `npx install-electron` runs) when
 * the binary is missing, and when it cannot be fetched say why (the reason
 * under "fetch failed", which the installer's own output hides: see
 * fetch-cause.ts), the usual remedies (a proxy, a mirror, a company
 * certificate) and what still works, instead of a stack trace.
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
  const error = lines.find((line) => /fetch failed|error|status code|response code/i.test(line));
  return (error ?? lines[0] ?? 'the installer exited without saying why')
    .replace(/^\w*Error: /, '')
    .slice(0, 300);
}

/** What usually fixes a failed download, for the reason given: the likeliest first. */
export function installRemedies(reason: string): string[] {
  const proxy =
    'Behind a proxy: ELECTRON_GET_USE_PROXY=1 HTTPS_PROXY=http://proxy.example:8080 npm start (NO_PROXY lists hosts to reach directly).';
  const mirror =
    "Where github.com is blocked or slow: ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/ npm start (or your company's mirror of Electron's releases).";
  const certificate =
    "A proxy that inspects TLS: NODE_EXTRA_CA_CERTS=/path/to/company-ca.pem npm start (your company's root certificate, in PEM).";
  if (/CERT|certificate|SELF_SIGNED|unable to verify/i.test(reason)) return [certificate, proxy, mirror];
  if (/response code|status code|\b40[34]\b/i.test(reason)) {
    return [
      "Check ELECTRON_MIRROR, if set: it must hold Electron's releases by version (…/v45.x.y/electron-v45.x.y-linux-x64.zip).",
      mirror,
      proxy,
    ];
  }
  return [proxy, mirror, certificate];
}

if (!electronInstalled(electronDir)) {
  console.error("robot-tray: Electron's binary is not installed yet; downloading it (one time)…");
  const result = spawnSync(
    process.execPath,
    ['--import', path.join(import.meta.dirname, 'fetch-cause.ts'), path.join(electronDir, 'install.js')],
    { cwd: electronDir, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] },
  );
  if (result.status !== 0 || !electronInstalled(electronDir)) {
    const reason = result.error?.message ?? installFailureReason(result.stderr ?? '');
    console.error(
      [
        `robot-tray: could not download Electron's binary, so the app cannot open yet: ${reason}`,
        ...installRemedies(reason).map((remedy) => `  - ${remedy}`),
        'Still working here: the CLI (npx robot-tray --help), the sandbox (npm run sandbox) and the tests (npm test).',
      ].join('\n'),
    );
    process.exit(1);
  }
}
