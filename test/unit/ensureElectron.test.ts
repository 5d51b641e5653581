import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

function run(dir: string) {
  return spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, ROBOT_TRAY_ELECTRON_DIR: dir },
    encoding: 'utf8',
  });
}

describe('npm start fetches Electron first, or says in one line why it cannot', () => {
  test('no network: one line naming what failed and what still works, exit 1', () => {
    const dir = fakeElectron(
      `console.error('TypeError: fetch failed\\n    at node:internal/deps'); process.exit(1);`,
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^robot-tray: could not download Electron's binary \(no connection to Electron's download server\), so the app cannot open on this machine\. Still working here: the CLI \(npx robot-tray --help\), the sandbox \(npm run sandbox\) and the tests \(npm test\)\./,
    );
    expect(result.stderr).not.toContain('at node:internal');
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
