import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CliHarness, ROOT } from '../support/cliHarness.ts';

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
        'as "Keychain in a terminal or over SSH" in docs/cli.md shows.\n',
    );
    expect(set.stderr).not.toContain('--token-env');
    const fire = await h.run(['fire', 'Echo'], { env: noKeychain });
    expect(fire.code).toBe(7);
    expect(fire.stderr).toMatch(/--token-env VAR\.\n$/);
    expect(fire.stderr.split('\n')).toHaveLength(2);
  });
});

/** A sandbox restarted with the same seed keeps its robots' tokens: no `token set` again. */
describe('robot-tray sandbox --seed', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-seed-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts `robot-tray sandbox`, returns its address, the echo robot's token, and how to stop it. */
  async function sandbox(args: string[]) {
    const running = h.start(['sandbox', '--port', '0', ...args], { printsSandboxTokens: true });
    const banner = await running.waitFor('stdout', /Robots and their tokens:\n(?: {2}\S+ +\S+\n){6}/);
    const token = /^ {2}echo +(\S+)$/m.exec(banner)![1]!;
    h.secrets.add(token);
    const stop = async () => {
      running.child.kill('SIGTERM');
      expect((await running.done).code).toBe(0);
    };
    return { baseUrl: /listening on (http:\/\/\S+)/.exec(banner)![1]!, token, stop };
  }

  test('the same seed gives the same tokens after a restart, from the flag or the config file', async () => {
    const first = await sandbox(['--seed', '7']);
    await h.run(['robot', 'add', '--name', 'echo', '--base-url', first.baseUrl, '--token-stdin'], {
      input: first.token,
    });
    expect((await h.run(['fire', 'echo', '--wait', '--timeout', '20'])).code).toBe(0);
    await first.stop();

    const again = await sandbox(['--seed', '7']);
    expect(again.token).toBe(first.token);
    // Another port is another origin: the token follows only when told to.
    await h.run(['robot', 'edit', 'echo', '--base-url', again.baseUrl, '--move-token']);
    expect((await h.run(['fire', 'echo', '--wait', '--timeout', '20'])).code).toBe(0);
    await again.stop();

    const config = path.join(dir, 'seeded.json');
    await writeFile(config, JSON.stringify({ seed: 7 }));
    const fromConfig = await sandbox(['--config', config]);
    expect(fromConfig.token).toBe(first.token);
    await fromConfig.stop();
    const other = await sandbox(['--seed', '8']);
    expect(other.token).not.toBe(first.token);
    await other.stop();
  });
});

/** The ways docs/cli.md gives to run the CLI, run as a new user would, on this machine's system Node when it is older. */
describe('running robot-tray from a fresh shell', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-home-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  /** The system's own npx and node, outside the project's node_modules/.bin. */
  const systemPath = '/usr/local/bin:/usr/bin:/bin';
  const systemNode = spawnSync('node', ['--version'], { env: { PATH: systemPath }, encoding: 'utf8' });
  const olderSystemNode = systemNode.status === 0 && Number(/^v(\d+)/.exec(systemNode.stdout)?.[1]) < 24;

  test("docs/cli.md's PATH wrapper command works in a HOME without ~/.local/bin", async () => {
    const doc = await readFile(path.join(ROOT, 'docs/cli.md'), 'utf8');
    const section = doc.slice(doc.indexOf('**On the PATH.**'));
    const command = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
    expect(command).toContain('~/.local/bin/robot-tray');
    const made = spawnSync('sh', ['-c', command], { cwd: ROOT, env: { PATH: systemPath, HOME: home } });
    expect(made.stderr.toString()).toBe('');
    expect(made.status).toBe(0);
    const ran = spawnSync(path.join(home, '.local/bin/robot-tray'), ['--version'], {
      env: { PATH: systemPath, HOME: home },
      encoding: 'utf8',
    });
    expect(ran).toMatchObject({ status: 0, stdout: '0.1.0\n', stderr: '' });
  });

  test.skipIf(!olderSystemNode)(
    'npx robot-tray on an older system Node prints only what robot-tray says',
    () => {
      // A fresh HOME: npm's first run there is where its engine warnings showed.
      const ran = spawnSync('npx', ['robot-tray', '--version'], {
        cwd: ROOT,
        env: { PATH: systemPath, HOME: home },
        encoding: 'utf8',
      });
      expect(ran).toMatchObject({ status: 0, stdout: '0.1.0\n', stderr: '' });
    },
  );
});
