import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RobotTrayApi } from '../../src/shared/ipc/api.ts';

const root = path.resolve(import.meta.dirname, '../..');
const executable = process.env['ROBOT_TRAY_PACKAGED_APP'] ?? '';
const feedDir = process.env['ROBOT_TRAY_UPDATE_FEED_DIR'] ?? '';
const reason =
  executable === ''
    ? 'ROBOT_TRAY_PACKAGED_APP names no packaged app (the release workflow sets it; Electron cannot be downloaded here)'
    : !existsSync(executable)
      ? `ROBOT_TRAY_PACKAGED_APP names no file: ${executable}`
      : process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']
        ? 'there is no display to open a window on (run under Xvfb)'
        : '';
if (reason) console.warn(`electronRelease.test.ts: skipped because ${reason}.`);

/** The packaged app's resources folder, where electron-builder put app-update.yml. */
function resourcesDir(): string {
  const dir = path.dirname(executable);
  return process.platform === 'darwin' ? path.join(dir, '../Resources') : path.join(dir, 'resources');
}

/**
 * dist/ served where the packaged app's feed now points (the workflow wrote
 * a generic feed on loopback into its app-update.yml): the release just
 * built, of the same version as the app.
 */
async function serveFeed(): Promise<Server> {
  const feed = parse(readFileSync(path.join(resourcesDir(), 'app-update.yml'), 'utf8')) as { url: string };
  const url = new URL(feed.url);
  const server = createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? '/', url).pathname);
    const file = path.join(feedDir, name);
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200);
    createReadStream(file).pipe(response);
  });
  server.listen(Number(url.port), url.hostname);
  await once(server, 'listening');
  return server;
}

/** The Linux panel's stand-in: its JSON lines, as they come. */
function startTrayWatcher(): { child: ChildProcess; next(): Promise<Record<string, unknown>> } {
  const child = spawn('/usr/bin/python3', [path.join(root, 'test/support/sniWatcher.py')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    next: async () => {
      const line = await lines.next();
      if (line.done) throw new Error('the StatusNotifierWatcher stand-in ended');
      return JSON.parse(line.value) as Record<string, unknown>;
    },
  };
}

/**
 * What the release workflow checks on each packaged app beyond the first
 * start (electronApp.test.ts): the tray where a test can see it, a
 * robot-tray:// link opening its confirmation, and "Check for Updates…"
 * against a feed of the same version.
 */
describe('the packaged app, as released', () => {
  let home: string;
  let app: ElectronApplication;
  let window: Page;
  let feed: Server | undefined;
  let watcher: ReturnType<typeof startTrayWatcher> | undefined;
  let trayRegistration: Promise<Record<string, unknown>> | undefined;

  beforeAll(async () => {
    if (reason) return;
    home = await mkdtemp(path.join(tmpdir(), 'robot-tray-release-'));
    if (process.env['ROBOT_TRAY_TRAY_CHECK'] === 'status-notifier') {
      watcher = startTrayWatcher();
      expect(await watcher.next()).toEqual({ ready: true });
      trayRegistration = watcher.next();
    }
    if (feedDir !== '') feed = await serveFeed();
    app = await electron.launch({
      executablePath: executable,
      env: { ...(process.env as Record<string, string>), ROBOT_TRAY_HOME: home },
    });
    window = await app.firstWindow();
    await window.getByTestId('app-info').waitFor();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    watcher?.child.kill();
    feed?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test.skipIf(reason !== '' || process.env['ROBOT_TRAY_TRAY_CHECK'] !== 'status-notifier')(
    'shows its tray: a StatusNotifierItem registers on the session bus (Linux)',
    async () => {
      const registered = await trayRegistration!;
      expect(registered).toMatchObject({ registered: expect.any(String) });
      expect(registered['properties']).not.toHaveProperty('error');
      expect(registered['properties']).toMatchObject({ Status: expect.stringMatching(/Active|Passive/) });
    },
  );

  test.skipIf(reason !== '')('opens a robot-tray:// link at its confirmation, sending nothing', async () => {
    const demo = await window.evaluate(async () => {
      const api = (globalThis as unknown as { robotTray: RobotTrayApi }).robotTray;
      const started = await api.startDemo();
      return started.ok ? 'started' : started.error.message;
    });
    expect(demo).toBe('started');
    const link = 'robot-tray://fire?robot=echo%20(demo)&preset=Try%20it';
    // As the OS does: xdg-open through the .deb's desktop entry, or the app
    // started again with the link, which hands it to the running one.
    const opener = process.env['ROBOT_TRAY_LINK_OPENER'];
    const [file, args] = opener ? [opener, [link]] : [executable, [link]];
    const child = spawn(file, args, {
      stdio: 'ignore',
      env: { ...process.env, ROBOT_TRAY_HOME: home },
    });
    await once(child, 'exit');
    await window.getByRole('dialog', { name: 'Fire Try it?' }).waitFor();
    expect(await window.getByRole('button', { name: '▶ Fire now' }).count()).toBe(1);
    await window.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  test.skipIf(reason !== '' || feedDir === '')(
    'Check for Updates… against a release of its own version says it is up to date',
    async () => {
      const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        version: string;
      };
      const said = await app.evaluate(
        ({ dialog, Menu }) =>
          new Promise<string>((resolve) => {
            // The answer comes as a message box; record it instead of showing it.
            dialog.showMessageBox = (async (...args: unknown[]) => {
              resolve((args.at(-1) as { message: string }).message);
              return { response: 0, checkboxChecked: false };
            }) as typeof dialog.showMessageBox;
            Menu.getApplicationMenu()!.getMenuItemById('check-for-updates')!.click();
          }),
      );
      expect(said).toBe(`Robot Tray ${version} is up to date.`);
    },
  );
});
