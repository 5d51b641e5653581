import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RobotTrayApi } from '../../src/shared/ipc/api.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * What to launch: the packaged app the release workflow built
 * (ROBOT_TRAY_PACKAGED_APP, its executable, which carries its own main), or
 * the built app on the Electron binary `npm ci` may have fetched. Electron 45
 * fetches that binary lazily from its own servers, which machines like our
 * CI cannot reach.
 */
function launchTarget(): { executablePath: string; args: string[] } | { missing: string } {
  const target = executable();
  if ('missing' in target) return target;
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { missing: 'there is no display to open a window on (run under Xvfb to include this test)' };
  }
  return target;
}

function executable(): { executablePath: string; args: string[] } | { missing: string } {
  const packaged = process.env['ROBOT_TRAY_PACKAGED_APP'];
  if (packaged) {
    if (!existsSync(packaged)) return { missing: `ROBOT_TRAY_PACKAGED_APP names no file: ${packaged}` };
    return { executablePath: packaged, args: [] };
  }
  const dir = path.join(root, 'node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { missing: 'the Electron binary was never downloaded (no path.txt)' };
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `the Electron binary is missing at ${binary}` };
  return { executablePath: binary, args: [path.join(root, 'out/main/index.js')] };
}

const found = launchTarget();
const reason = 'missing' in found ? found.missing : '';
if (reason) console.warn(`electronApp.test.ts: skipped because ${reason}.`);

function launch(home: string) {
  const target = found as { executablePath: string; args: string[] };
  return electron.launch({
    executablePath: target.executablePath,
    args: target.args,
    cwd: root,
    env: { ...(process.env as Record<string, string>), ROBOT_TRAY_HOME: home },
  });
}

describe('the built app in real Electron', () => {
  test.skipIf(reason !== '')('opens its window, whose page answers through the preload bridge', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-electron-'));
    const app = await launch(home);
    try {
      const window = await app.firstWindow();
      await window.getByTestId('app-info').waitFor();
      expect(await window.getByRole('heading', { level: 1 }).textContent()).toBe('Robot Tray');
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      );
    } finally {
      await app.close();
      await rm(home, { recursive: true, force: true });
    }
  });

  test.skipIf(reason !== '')(
    'tries the demo, fires a demo preset from the window and sees it DONE',
    async () => {
      const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-electron-'));
      const app = await launch(home);
      try {
        // No robots yet: the window opens by itself on first run.
        const window = await app.firstWindow();
        await window.waitForLoadState('domcontentloaded');
        const outcome = await window.evaluate(async () => {
          const api = (globalThis as unknown as { robotTray: RobotTrayApi }).robotTray;
          const demo = await api.startDemo();
          if (!demo.ok) return `startDemo: ${demo.error.message}`;
          const robots = await api.listRobots();
          if (!robots.ok) return robots.error.message;
          const echo = robots.value.find((r) => r.name === 'echo (demo)');
          if (echo === undefined) return 'no echo demo robot';
          const presets = await api.listPresets({ robotId: echo.id });
          if (!presets.ok || presets.value[0] === undefined) return 'no demo preset';
          const presetId = presets.value[0].id;
          // Listen before firing, so the DONE event cannot be missed.
          return new Promise<string>((resolve) => {
            let callId: string | undefined;
            const seen = new Map<string, string>();
            const check = () => {
              const state = callId === undefined ? undefined : seen.get(callId);
              if (state !== undefined && state !== 'sending' && state !== 'waiting') resolve(state);
            };
            api.onEvent((event) => {
              if (event.type !== 'calls.changed') return;
              for (const change of event.changes) seen.set(change.call.id, change.call.state);
              check();
            });
            void api.fire({ robotId: echo.id, presetId }).then((fired) => {
              if (!fired.ok) return resolve(`fire: ${fired.error.message}`);
              callId = fired.value.id;
              seen.set(callId, seen.get(callId) ?? fired.value.state);
              check();
            });
          });
        });
        expect(outcome).toBe('done');
      } finally {
        await app.close();
        await rm(home, { recursive: true, force: true });
      }
    },
  );

  test.skipIf(reason !== '')('Quit quits: the process ends, and the data folder holds no lock', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-electron-'));
    const app = await launch(home);
    try {
      await app.firstWindow();
      const closed = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
      // What the tray menu's "Quit Robot Tray" does.
      await app.evaluate(({ app: electronApp }) => electronApp.quit());
      await closed;
      expect(app.process().exitCode).toBe(0);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
