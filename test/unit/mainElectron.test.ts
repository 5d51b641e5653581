import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TrayAction, TrayState } from '../../src/main/tray/trayMenu.ts';

/** Electron, mocked: just what the shell's modules touch, recording what they do. */
const recorded = vi.hoisted(() => ({
  appListeners: new Map<string, (...args: unknown[]) => void>(),
  permissionRequest: undefined as undefined | ((...args: unknown[]) => void),
  permissionCheck: undefined as undefined | ((...args: unknown[]) => boolean),
  openedExternally: [] as string[],
  protocolHandler: undefined as undefined | ((request: { url: string }) => Promise<Response>),
  fetched: [] as string[],
  trays: [] as Array<{ menus: unknown[]; images: unknown[]; tooltips: string[] }>,
  windows: [] as Array<{ options: Record<string, unknown>; loaded: string[] }>,
  loginItems: [] as unknown[],
  packaged: true,
}));

vi.mock('electron', () => {
  class Tray {
    record = { menus: [] as unknown[], images: [] as unknown[], tooltips: [] as string[] };
    constructor(image: unknown) {
      this.record.images.push(image);
      recorded.trays.push(this.record);
    }
    setToolTip(text: string) {
      this.record.tooltips.push(text);
    }
    setImage(image: unknown) {
      this.record.images.push(image);
    }
    setContextMenu(menu: unknown) {
      this.record.menus.push(menu);
    }
    on() {}
    destroy() {}
  }
  return {
    app: {
      on: (name: string, fn: (...args: unknown[]) => void) => recorded.appListeners.set(name, fn),
      get isPackaged() {
        return recorded.packaged;
      },
      getAppPath: () => '/home/dev/robot-tray',
      setLoginItemSettings: (settings: unknown) => void recorded.loginItems.push(settings),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: (...args: unknown[]) => void) => (recorded.permissionRequest = fn),
        setPermissionCheckHandler: (fn: (...args: unknown[]) => boolean) => (recorded.permissionCheck = fn),
      },
    },
    shell: { openExternal: async (url: string) => void recorded.openedExternally.push(url) },
    protocol: {
      handle: (_scheme: string, fn: (request: { url: string }) => Promise<Response>) =>
        (recorded.protocolHandler = fn),
      registerSchemesAsPrivileged: () => undefined,
    },
    net: {
      fetch: async (url: string) => {
        recorded.fetched.push(url);
        return new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
      },
    },
    nativeImage: {
      createFromPath: (file: string) => ({ file, setTemplateImage: () => undefined }),
    },
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    Tray,
    BrowserWindow: class {
      record: { options: Record<string, unknown>; loaded: string[] };
      webContents = { on: () => undefined, setWindowOpenHandler: () => undefined };
      constructor(options: Record<string, unknown>) {
        this.record = { options, loaded: [] };
        recorded.windows.push(this.record);
      }
      once() {}
      on() {}
      async loadURL(url: string) {
        this.record.loaded.push(url);
      }
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  };
});

const { hardenApp, hardenContents, CONTENT_SECURITY_POLICY } = await import('../../src/main/security.ts');
const { windowPlacement } = await import('../../src/main/window/windowOptions.ts');
const { createMainWindow } = await import('../../src/main/window/mainWindow.ts');
const { serveRenderer } = await import('../../src/main/appProtocol.ts');
const { createTrayController } = await import('../../src/main/tray/trayController.ts');
const { usableBounds } = await import('../../src/main/window/windowState.ts');
const { Robot } = await import('../../src/shared/models/robot.ts');
const { Preset } = await import('../../src/shared/models/preset.ts');
const { applyLoginItem, execArgument } = await import('../../src/main/loginItem.ts');

function fakeContents() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  return {
    handlers,
    open: (url: string) => openHandler!({ url }),
    on: (name: string, fn: (...args: unknown[]) => void) => void handlers.set(name, fn),
    setWindowOpenHandler: (fn: typeof openHandler) => void (openHandler = fn),
  };
}
const event = () => {
  const e = { prevented: false, preventDefault: () => void (e.prevented = true) };
  return e;
};

describe('window options', () => {
  test('carry every security setting explicitly, where the window is made', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-window-'));
    await createMainWindow({
      preloadPath: '/app/preload/index.cjs',
      devServerUrl: undefined,
      stateFile: path.join(dir, 'window.json'),
      isQuitting: () => false,
    });
    await rm(dir, { recursive: true, force: true });
    const made = recorded.windows.at(-1)!;
    expect(made.loaded).toEqual(['app://robot-tray/index.html']);
    const prefs = made.options['webPreferences'];
    expect(prefs).toMatchObject({
      preload: '/app/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });
  test('open where they were left, and start hidden until ready', () => {
    const options = windowPlacement({ x: 10, y: 20, width: 900, height: 600 });
    expect(options).toMatchObject({ x: 10, y: 20, width: 900, height: 600, show: false });
  });
  test('bounds on a monitor that is gone keep only the size', () => {
    const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(usableBounds({ x: 100, y: 100, width: 800, height: 600 }, screen)).toEqual({
      x: 100,
      y: 100,
      width: 800,
      height: 600,
    });
    expect(usableBounds({ x: 3000, y: 100, width: 800, height: 600 }, screen)).toEqual({
      width: 800,
      height: 600,
    });
    expect(usableBounds({ x: 100, y: -30, width: 800, height: 600 }, screen)).toEqual({
      width: 800,
      height: 600,
    });
  });
});

describe('"Start Robot Tray in the tray when I log in"', () => {
  let config: string;
  beforeAll(async () => {
    config = await mkdtemp(path.join(tmpdir(), 'robot-tray-autostart-'));
  });
  afterAll(() => rm(config, { recursive: true, force: true }));
  const entry = () => readFile(path.join(config, 'autostart', 'robot-tray.desktop'), 'utf8');

  test('on Linux, an XDG autostart entry that starts the installed app, written and removed with the setting', async () => {
    const linux = {
      platform: 'linux' as const,
      env: { XDG_CONFIG_HOME: config },
      execPath: '/opt/Robot Tray/robot-tray-app',
    };
    await applyLoginItem(true, linux);
    const text = await entry();
    expect(text.split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Robot Tray',
      'Comment=Start Robot Tray in the tray',
      'Exec="/opt/Robot Tray/robot-tray-app"',
      'Icon=robot-tray-app',
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      '',
    ]);
    // Written again as it is, then removed: the desktop starts nothing at the next login.
    await applyLoginItem(true, linux);
    expect(await entry()).toBe(text);
    await applyLoginItem(false, linux);
    await expect(entry()).rejects.toMatchObject({ code: 'ENOENT' });
    await applyLoginItem(false, linux);
    expect(recorded.loginItems).toEqual([]);
  });

  test('an AppImage starts the AppImage file (its mount point changes every run); development starts Electron with the app', async () => {
    const env = { XDG_CONFIG_HOME: config, APPIMAGE: '/home/ana/Apps/Robot-Tray-1.0.0.AppImage' };
    await applyLoginItem(true, { platform: 'linux', env, execPath: '/tmp/.mount_Robot/robot-tray-app' });
    expect(await entry()).toContain('\nExec=/home/ana/Apps/Robot-Tray-1.0.0.AppImage\n');
    recorded.packaged = false;
    try {
      await applyLoginItem(true, {
        platform: 'linux',
        env: { XDG_CONFIG_HOME: config },
        execPath: '/home/dev/robot-tray/node_modules/electron/dist/electron',
      });
    } finally {
      recorded.packaged = true;
    }
    expect(await entry()).toContain(
      '\nExec=/home/dev/robot-tray/node_modules/electron/dist/electron /home/dev/robot-tray\n',
    );
  });

  test('Exec arguments are quoted and escaped as the Desktop Entry Specification reads them', () => {
    expect(execArgument('/usr/bin/robot-tray-app')).toBe('/usr/bin/robot-tray-app');
    expect(execArgument('/opt/a b/$HOME "x" `y`')).toBe('"/opt/a b/\\\\$HOME \\\\"x\\\\" \\\\`y\\\\`"');
    expect(execArgument('/opt/100%/app')).toBe('"/opt/100%%/app"');
    expect(execArgument('C:\\odd')).toBe('"C:\\\\\\\\odd"');
  });

  test('macOS and Windows keep login items themselves; no file is written there', async () => {
    await rm(path.join(config, 'autostart'), { recursive: true, force: true });
    await applyLoginItem(true, { platform: 'darwin', env: { XDG_CONFIG_HOME: config }, execPath: '/x' });
    await applyLoginItem(false, { platform: 'win32', env: { XDG_CONFIG_HOME: config }, execPath: '/x' });
    expect(recorded.loginItems).toEqual([{ openAtLogin: true }, { openAtLogin: false }]);
    await expect(entry()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('app-wide hardening', () => {
  beforeAll(() => hardenApp(undefined));

  test('every permission request and check is denied', () => {
    let granted: boolean | undefined;
    recorded.permissionRequest!({}, 'media', (answer: boolean) => (granted = answer));
    expect(granted).toBe(false);
    expect(recorded.permissionCheck!({}, 'notifications')).toBe(false);
  });

  test('every web contents created gets the guards', () => {
    const contents = fakeContents();
    recorded.appListeners.get('web-contents-created')!({}, contents);
    expect([...contents.handlers.keys()].sort()).toEqual([
      'will-attach-webview',
      'will-navigate',
      'will-redirect',
    ]);
  });

  test('webviews are never attached', () => {
    const contents = fakeContents();
    hardenContents(contents as never, undefined);
    const e = event();
    contents.handlers.get('will-attach-webview')!(e);
    expect(e.prevented).toBe(true);
  });

  test('window.open is denied; only https links go to the browser', () => {
    recorded.openedExternally.length = 0;
    const contents = fakeContents();
    hardenContents(contents as never, undefined);
    for (const url of [
      'https://docs.example.com',
      'http://plain.example.com',
      'file:///etc/passwd',
      'javascript:1',
    ]) {
      expect(contents.open(url)).toEqual({ action: 'deny' });
    }
    expect(recorded.openedExternally).toEqual(['https://docs.example.com']);
  });

  test('navigation away from our pages is stopped; our own pages are allowed', () => {
    const contents = fakeContents();
    hardenContents(contents as never, 'http://localhost:5173');
    for (const [url, stopped] of [
      ['app://robot-tray/index.html', false],
      ['http://localhost:5173/', false],
      ['https://evil.example/', true],
      ['app://robot-tray.evil/', true],
      ['file:///etc/passwd', true],
    ] as const) {
      for (const name of ['will-navigate', 'will-redirect']) {
        const e = event();
        contents.handlers.get(name)!(e, url);
        expect(e.prevented, `${name} ${url}`).toBe(stopped);
      }
    }
  });
});

describe('the app:// protocol handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-renderer-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<html></html>');
    serveRenderer(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('serves files inside the renderer folder with the CSP header', async () => {
    recorded.fetched.length = 0;
    const response = await recorded.protocolHandler!({ url: 'app://robot-tray/index.html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(fileURLToPath(recorded.fetched[0]!)).toBe(path.join(dir, 'index.html'));
  });

  test.each([
    'app://robot-tray/..%2f..%2fetc%2fpasswd',
    'app://robot-tray/assets/..%5c..%5c..%5cwindows',
    'app://robot-tray/%2e%2e%2f%2e%2e%2fetc/passwd',
    'app://robot-tray/assets/%00.js',
    'app://robot-tray/%E0%A4%A',
    'app://elsewhere/index.html',
  ])('refuses %s with a 404 and reads nothing', async (url) => {
    recorded.fetched.length = 0;
    const response = await recorded.protocolHandler!({ url });
    if (response.status === 200) {
      // Folded by URL parsing into the folder: allowed only if it stayed inside.
      expect(fileURLToPath(recorded.fetched[0]!).startsWith(dir + path.sep)).toBe(true);
    } else {
      expect(response.status).toBe(404);
      expect(recorded.fetched).toEqual([]);
    }
  });

  test.each([
    'app://robot-tray//etc/passwd',
    'app://robot-tray/C:/Windows/win.ini',
    'app://robot-tray/../../etc/passwd',
  ])('an absolute or dotted path %s stays inside the folder', async (url) => {
    recorded.fetched.length = 0;
    const response = await recorded.protocolHandler!({ url });
    if (response.status === 200)
      expect(fileURLToPath(recorded.fetched[0]!).startsWith(dir + path.sep)).toBe(true);
    else expect(response.status).toBe(404);
  });
});

describe('the tray controller', () => {
  const state = { robots: [], presets: [], recentCalls: [], watching: 0 };

  test('sets the menu again on every rebuild (Linux shows a changed menu only then), with the state icon', async () => {
    let watching = 0;
    const controller = createTrayController({
      resourcesDir: '/res',
      platform: 'linux',
      readState: async () => ({ ...state, watching }),
      perform: () => undefined,
      onClick: () => undefined,
    });
    const tray = recorded.trays.at(-1)!;
    await controller.rebuild();
    watching = 2;
    await controller.rebuild();
    expect(tray.menus).toHaveLength(2);
    expect(tray.images.at(-1)).toMatchObject({ file: path.join('/res', 'tray-waiting.png') });
    expect(tray.tooltips.at(-1)).toBe('Robot Tray: 2 calls waiting');
    controller.destroy();
  });

  test('macOS gets template images', async () => {
    const controller = createTrayController({
      resourcesDir: '/res',
      platform: 'darwin',
      readState: async () => state,
      perform: () => undefined,
      onClick: () => undefined,
    });
    await controller.rebuild();
    expect(recorded.trays.at(-1)!.images.at(-1)).toMatchObject({
      file: path.join('/res', 'tray-idleTemplate.png'),
    });
    controller.destroy();
  });

  test("the team catalog's pinned presets are in the menu Electron gets, firing through perform; gone once the catalog is", async () => {
    const teamRobot = (id: string, name: string, hasToken: boolean) => ({
      ...Robot.parse({ id, name, baseUrl: 'https://team.example', createdAt: 1, updatedAt: 1 }),
      hasToken,
      tokenSuspended: null,
    });
    const pinned = (id: string, robotId: string) =>
      Preset.parse({ id, robotId, name: `Preset ${id}`, pinnedToTray: true, createdAt: 1, updatedAt: 1 });
    let team: TrayState['team'] = {
      robots: [teamRobot('team-a', 'Orders', true), teamRobot('team-b', 'Billing', false)],
      presets: [pinned('team-p1', 'team-a'), pinned('team-p2', 'team-b')],
    };
    const performed: TrayAction[] = [];
    const controller = createTrayController({
      resourcesDir: '/res',
      platform: 'linux',
      readState: async () => ({ ...state, team }),
      perform: (action) => performed.push(action),
      onClick: () => undefined,
    });
    type Entry = { label?: string; enabled?: boolean; click?: () => void; submenu?: Entry[] };
    const menu = () => (recorded.trays.at(-1)!.menus.at(-1) as { template: Entry[] }).template;
    await controller.rebuild();
    const orders = menu().find((e) => e.label === 'Orders (team)')!.submenu!;
    expect(orders.map((e) => [e.label, e.enabled])).toEqual([['Preset team-p1', true]]);
    orders[0]!.click!();
    expect(performed).toEqual([{ kind: 'fire', robotId: 'team-a', presetId: 'team-p1', confirm: false }]);
    const billing = menu().find((e) => e.label === 'Billing (team)')!.submenu!;
    expect(billing).toEqual([{ label: 'Preset team-p2 (token needed)', enabled: false }]);

    // Unfollowed: the next rebuild (a `team` event asks for one) has none of them.
    team = undefined;
    await controller.rebuild();
    expect(menu().map((e) => e.label)).not.toContain('Orders (team)');
    expect(menu()[0]!.label).toBe('Try the demo');
    controller.destroy();
  });

  test('a burst of events makes one rebuild', async () => {
    vi.useFakeTimers();
    try {
      let reads = 0;
      const controller = createTrayController({
        resourcesDir: '/res',
        platform: 'linux',
        readState: async () => {
          reads++;
          return state;
        },
        perform: () => undefined,
        onClick: () => undefined,
        debounceMs: 100,
      });
      for (let i = 0; i < 50; i++) controller.refresh();
      expect(reads).toBe(0);
      await vi.advanceTimersByTimeAsync(100);
      expect(reads).toBe(1);
      controller.refresh();
      await vi.advanceTimersByTimeAsync(100);
      expect(reads).toBe(2);
      controller.destroy();
    } finally {
      vi.useRealTimers();
    }
  });
});
