import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CliHarness } from '../support/cliHarness.ts';

/** The first hour: what a new user meets before anything works. */
describe('robot-tray without an unlocked keychain', () => {
  let h: CliHarness;
  let noKeychain: Record<string, string | undefined>;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    noKeychain = {
      DBUS_SESSION_BUS_ADDRESS: undefined,
      DISPLAY: undefined,
      HOME: await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-nokeyring-')),
    };
  });
  afterAll(() => h?.close());

  test('the keychain error names the terminal ways out: a keyring session, and --token-env where it applies', async () => {
    const set = await h.run(['token', 'set', 'Echo'], {
      input: 'a-token-nobody-stores-here',
      env: noKeychain,
    });
    h.secrets.add('a-token-nobody-stores-here');
    expect(set.code).toBe(7);
    expect(set.stderr).toContain(
      'In a terminal or over SSH, start an unlocked keyring first with dbus-run-session and gnome-keyring-daemon --unlock, ' +
        'as the README\'s "Keychain in a terminal or over SSH" shows.\n',
    );
    expect(set.stderr).not.toContain('--token-env');
    const fire = await h.run(['fire', 'Echo'], { env: noKeychain });
    expect(fire.code).toBe(7);
    expect(fire.stderr).toMatch(/--token-env VAR\.\n$/);
    expect(fire.stderr.split('\n')).toHaveLength(2);
  });
});
