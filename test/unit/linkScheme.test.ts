import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// electron-builder's own writer of Linux desktop entries: what the .deb installs.
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import type { Configuration } from 'electron-builder';
import { claimLinkScheme, LINK_SCHEME } from '../../src/main/links/protocolClient.ts';

const configFile = new URL('../../electron-builder.config.mjs', import.meta.url).href;
const config = ((await import(configFile)) as { default: Configuration & { linux: object; deb: object } })
  .default;

/**
 * robot-tray:// is the app's: the installers declare it and the packaged app
 * claims it where only a running app can; a development run leaves the
 * desk's links alone.
 */
describe('the robot-tray:// scheme', () => {
  test(".deb's desktop entry, as electron-builder writes it, takes robot-tray links and passes them on", async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      description: string;
    };
    const packager = {
      appInfo: {
        productName: config.productName,
        sanitizedProductName: config.productName,
        description: pkg.description,
      },
      executableName: config.linux.executableName as string,
      info: { metadata: {} },
      fileAssociations: [],
      config,
      platformSpecificBuildOptions: config.linux,
    };
    const helper = new LinuxTargetHelper(packager as never);
    const entry = await helper.computeDesktopEntry({ ...config.linux, ...config.deb });
    expect(entry).toMatch(/^MimeType=x-scheme-handler\/robot-tray;$/m);
    // %U: the link reaches the app as an argument (second-instance's argv).
    expect(entry).toMatch(/^Exec="\/opt\/Robot Tray\/robot-tray-app" %U$/m);
    expect(config.protocols).toEqual([{ name: 'Robot Tray link', schemes: [LINK_SCHEME] }]);
  });

  test('the packaged app claims it once; a development run never does', () => {
    const claims: string[] = [];
    const app = (isPackaged: boolean, isDefault: boolean) => ({
      isPackaged,
      isDefaultProtocolClient: () => isDefault,
      setAsDefaultProtocolClient: (scheme: string) => (claims.push(scheme), true),
    });
    claimLinkScheme(app(false, false));
    expect(claims).toEqual([]);
    claimLinkScheme(app(true, true));
    expect(claims).toEqual([]);
    claimLinkScheme(app(true, false));
    expect(claims).toEqual(['robot-tray']);
  });
});
