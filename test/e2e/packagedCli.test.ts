import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { installAppImageCommand } from '../support/appImageCommand.ts';

const root = path.resolve(import.meta.dirname, '../..');
const appImage = process.env['ROBOT_TRAY_APPIMAGE'] ?? '';
const reason =
  appImage === ''
    ? 'ROBOT_TRAY_APPIMAGE names no AppImage (the release workflow sets it; an AppImage cannot be built here)'
    : existsSync(appImage)
      ? ''
      : `ROBOT_TRAY_APPIMAGE names no file: ${appImage}`;
if (reason) console.warn(`packagedCli.test.ts: skipped because ${reason}.`);

/**
 * The release workflow's check of a real AppImage: the command "Install
 * Command-Line Tool…" writes runs the CLI inside it on its own Electron, with
 * no Node installed. (npm test runs the same launcher against a stand-in
 * AppImage in test/e2e/packaging.test.ts.)
 */
describe('the robot-tray command of a real AppImage', () => {
  test.skipIf(reason !== '')('names the app version and works on a data folder of its own', async () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    const command = await installAppImageCommand(appImage, path.join(root, 'packaging'));
    try {
      expect(await command.run(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
      expect((await command.run(['robot', 'list'])).stdout).toContain('No robots yet');
    } finally {
      await rm(command.home, { recursive: true, force: true });
    }
  });
});
