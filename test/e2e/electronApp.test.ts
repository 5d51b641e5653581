import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RobotTrayApi } from '../../src/shared/ipc/api.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Where `npm ci` put the Electron binary, if anywhere. Electron 45 fetches it
 * lazily from its own servers, which machines like our CI cannot reach.
 */
function electronBinary(): { path: string } | { missing: string } {
  const dir = path.join(root, 'node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { missing: 'the Electron binary was never downloaded (no path.txt)' };
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `the Electron binary is missing at ${binary}` };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { missing: 'there is no display to open a window on (run under Xvfb to include this test)' };
  }
  return { path: binary };
}

const found = electronBinary();
const reason = 'missing' in found ? found.missing : '';
if (reason) console.warn(`electronApp.test.ts: skipped because ${reason}.`);

describe('the built app in real Electron', () => {
  test.skipIf(reason !== '')('opens its window, whose page answers through the preload bridge', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-electron-'));
    const app = await electron.launch({
      executablePath: (found as { path: string }).path,
      args: [path.join(root, 'out/main/index.js')],
      cwd: root,
      env: { ...(process.env as Record<string, string>), ROBOT_TRAY_HOME: home },
    });
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
      const app = await electron.launch({
        executablePath: (found as { path: string }).path,
        args: [path.join(root, 'out/main/index.js')],
        cwd: root,
        env: { ...(process.env as Record<string, string>), ROBOT_TRAY_HOME: home },
      });
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
});
