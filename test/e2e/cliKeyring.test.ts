import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import { INSTALL_KEYRING } from '../../src/shared/sentences/keyring.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { openShellHarness } from '../support/shellHarness.ts';

/**
 * A session bus on which nothing provides the Secret Service, as on a bare
 * window manager with no GNOME Keyring or KWallet installed: a dbus-daemon
 * with no service files at all.
 */
async function busWithoutKeyring(dir: string): Promise<{ address: string; daemon: ChildProcess }> {
  const config = path.join(dir, 'session.conf');
  await writeFile(
    config,
    '<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"\n' +
      ' "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">\n' +
      `<busconfig><type>session</type><listen>unix:dir=${dir}</listen>` +
      '<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>' +
      '<allow own="*"/></policy></busconfig>\n',
  );
  const daemon = spawn('dbus-daemon', ['--config-file', config, '--nofork', '--print-address'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(daemon.stdout!, 'data')) as [Buffer];
  return { address: line.toString().trim(), daemon };
}

/**
 * Linux without a Secret Service: the window and the CLI say which package to
 * install, in the same sentence, and `robot-tray doctor` checks for it.
 */
describe('a Linux desk with no keyring installed', () => {
  let dir: string;
  let bus: { address: string; daemon: ChildProcess };
  let h: CliHarness;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-no-keyring-'));
    bus = await busWithoutKeyring(dir);
    h = await CliHarness.open();
  });
  afterAll(async () => {
    bus?.daemon.kill();
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const noKeyring = () => ({ env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });

  test('doctor names the package to install, and exits 7 (the keychain)', async () => {
    const doctor = await h.run(['doctor'], noKeyring());
    expect(doctor.code).toBe(7);
    expect(doctor.stdout).toMatch(
      /^Keychain {6}Robot Tray could not look up an entry in the system keychain/,
    );
    expect(doctor.stdout).toContain(INSTALL_KEYRING);
    const json = JSON.parse((await h.run(['doctor', '--json'], noKeyring())).stdout);
    expect(json.keychain).toEqual({ ok: false, problem: expect.stringContaining(INSTALL_KEYRING) });
  });

  test('with a keyring (the test session has one), doctor finds it reachable', async () => {
    const doctor = await h.run(['doctor']);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/^Keychain {6}reachable: tokens can be stored and read$/m);
  });

  test('setting a token at the terminal says the same sentence, without the keyring-session advice', async () => {
    h.secrets.add('a-token-long-enough-to-be-real');
    const added = await h.run(
      ['robot', 'add', '--name', 'Invoice sync', '--base-url', h.sandbox.baseUrl, '--token-stdin'],
      { ...noKeyring(), input: 'a-token-long-enough-to-be-real\n' },
    );
    expect(added.code).toBe(7);
    expect(added.stderr).toContain(INSTALL_KEYRING);
    expect(added.stderr).not.toContain('gnome-keyring-daemon --unlock');
  });

  test('the window gets it too: the token form shows the message main answers with', async () => {
    const shell = await openShellHarness({
      core: {
        secrets: {
          getPassword: async () => {
            throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
          },
          setPassword: async () => {
            throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
          },
          deletePassword: async () => false,
        },
      },
    });
    try {
      const created = await dispatch(
        shell.handlers,
        'createRobot',
        { name: 'Payroll', baseUrl: h.sandbox.baseUrl },
        () => undefined,
      );
      if (!created.ok) throw new Error(created.error.message);
      const robotId = (created.value as { id: string }).id;
      const set = await dispatch(
        shell.handlers,
        'setToken',
        { robotId, token: 'a-token-long-enough-to-be-real' },
        () => undefined,
      );
      expect(set).toMatchObject({ ok: false, error: { kind: 'keychain' } });
      expect(set.ok ? '' : set.error.message).toContain(INSTALL_KEYRING);
    } finally {
      await shell.close();
    }
  });
});
