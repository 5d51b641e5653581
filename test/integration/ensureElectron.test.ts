import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/ensure-electron.ts');

/** A stand-in for node_modules/electron whose installer does what the test says. */
function fakeElectron(installer: string, installed = false): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'robot-tray-electron-'));
  writeFileSync(path.join(dir, 'install.js'), installer);
  if (installed) {
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'electron'), '');
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
  }
  return dir;
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(dir: string) {
  return spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, ROBOT_TRAY_ELECTRON_DIR: dir },
    encoding: 'utf8',
  });
}

describe('npm start fetches Electron first, or says why it cannot and what usually helps', () => {
  test('no way to the download: the reason under "fetch failed", the usual remedies and what still works, exit 1', async () => {
    // As Electron's installer does: it prints only the error's stack, which never shows its cause.
    const port = await closedPort();
    const dir = fakeElectron(
      `fetch('http://127.0.0.1:${port}/v45.4.1/electron-v45.4.1-linux-x64.zip')` +
        `.catch((err) => { console.error(err.stack); process.exit(1); });`,
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    const reason = lines.find((line) => line.startsWith('robot-tray: could not download'));
    expect(reason).toMatch(
      /^robot-tray: could not download Electron's binary, so the app cannot open yet: fetch failed for http:\/\/127\.0\.0\.1:\d+\/v45\.4\.1\/electron-v45\.4\.1-linux-x64\.zip: .*ECONNREFUSED/,
    );
    const remedies = lines.filter((line) => line.startsWith('  - '));
    expect(remedies[0]).toContain('ELECTRON_GET_USE_PROXY=1 HTTPS_PROXY=');
    expect(remedies.join('\n')).toContain('ELECTRON_MIRROR=');
    expect(lines.at(-1)).toBe(
      'Still working here: the CLI (npx robot-tray --help), the sandbox (npm run sandbox) and the tests (npm test).',
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  test('a mirror without the file: the HTTP answer, and checking ELECTRON_MIRROR comes first', () => {
    const dir = fakeElectron(
      `const e = new Error('Response code 404 (Not Found) for https://mirror.example/electron/v45.4.1/electron-v45.4.1-linux-x64.zip');` +
        `e.name = 'HTTPError'; console.error(e.stack); process.exit(1);`,
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'cannot open yet: Response code 404 (Not Found) for https://mirror.example/electron/v45.4.1/electron-v45.4.1-linux-x64.zip\n  - Check ELECTRON_MIRROR',
    );
  });

  test('a missing binary is installed by Electron’s own installer, then start goes on (exit 0)', () => {
    const dir = fakeElectron(
      `const fs = require('fs'); fs.mkdirSync('dist'); fs.writeFileSync('dist/electron', ''); fs.writeFileSync('path.txt', 'electron');`,
    );
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(dir, 'path.txt'), 'utf8')).toBe('electron');
  });

  test('an installed binary is left alone: the installer does not run', () => {
    const dir = fakeElectron(`require('fs').writeFileSync('ran', ''); process.exit(1);`, true);
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
