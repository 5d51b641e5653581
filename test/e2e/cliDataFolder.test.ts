import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import type { RobotDefinition } from '../../src/sandbox/index.ts';
import { BIN, CliHarness, type CliResult } from '../support/cliHarness.ts';
import { here, pidOfEndedProcess } from '../support/lockOwners.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/**
 * Root ignores file permissions, and tests often run as root: there the bin
 * runs without CAP_DAC_OVERRIDE (setpriv drops it from the bounding set), so
 * a folder without write permission really cannot be written, as for a user.
 */
function runWithoutOverride(h: CliHarness, args: string[]): Promise<CliResult> {
  const running =
    process.getuid?.() === 0
      ? h.startCommand('setpriv', [
          '--bounding-set=-dac_override,-dac_read_search',
          process.execPath,
          BIN,
          ...args,
        ])
      : h.start(args);
  running.child.stdin.end();
  return running.done;
}

/** A robot in the sandbox, made through the CLI only (no core of this test holds the history open). */
async function addRobotByCli(
  h: CliHarness,
  name: string,
  flow: RobotDefinition['flow'] = echo,
): Promise<void> {
  const { token } = h.sandbox.addRobot({ name, flow });
  h.secrets.add(token);
  expect((await h.run(['robot', 'add', '--name', name, '--base-url', h.sandbox.baseUrl])).code).toBe(0);
  expect((await h.run(['token', 'set', name], { input: token })).code).toBe(0);
}

/** A Node child process running `script`, once it printed "ready". */
async function startHelper(script: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', () => reject(new Error('helper ended before it was ready')));
  });
  return {
    pid: child.pid!,
    async stop() {
      child.kill();
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    },
  };
}

describe('robot-tray when ROBOT_TRAY_HOME cannot be used', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test('a file: every command says which and what to do, exit 8', async () => {
    const file = path.join(h.home, 'robots.json');
    const result = await h.run(['robot', 'list'], { env: { ROBOT_TRAY_HOME: file } });
    expect(result).toMatchObject({ code: 8, stdout: '' });
    expect(result.stderr).toBe(
      `robot-tray: Robot Tray's data folder ${file} is a file, not a folder. ` +
        'Point ROBOT_TRAY_HOME at a folder (it is created if missing), or move that file away.\n',
    );
  });

  test('a folder under a file cannot be created: the file in the way is named, exit 8', async () => {
    const file = path.join(h.home, 'robots.json');
    const result = await h.run(['calls'], { env: { ROBOT_TRAY_HOME: path.join(file, 'sub', 'dir') } });
    expect(result.code).toBe(8);
    expect(result.stderr).toBe(
      `robot-tray: Robot Tray's data folder ${path.join(file, 'sub', 'dir')} cannot be created (ENOTDIR). ` +
        `${file} is a file, not a folder. Point ROBOT_TRAY_HOME at a folder, or move that file away.\n`,
    );
  });
});

describe('robot-tray on a read-only data folder', () => {
  let h: CliHarness;
  let callId: string;
  let waitingId: string;
  let before: string[];
  beforeAll(async () => {
    h = await CliHarness.open();
    await addRobotByCli(h, 'Echo');
    expect((await h.run(['preset', 'add', 'Echo', '--name', 'Daily', '--arg', 'n:=1'])).code).toBe(0);
    const fired = await h.run(['fire', 'Echo', '--preset', 'Daily', '--wait', '--json']);
    expect(fired.code).toBe(0);
    callId = (JSON.parse(fired.stdout) as Call).id;
    await addRobotByCli(h, 'Slow', [{ type: 'wait', ms: 3_600_000 }, ...echo]);
    const waiting = await h.run(['fire', 'Slow', '--json']);
    waitingId = (JSON.parse(waiting.stdout) as Call).id;
    before = (await readdir(h.home)).sort();
    await chmod(h.home, 0o500);
  });
  afterAll(async () => {
    await chmod(h.home, 0o700);
    await h?.close();
  });

  test('robot list, preset list, calls, status and warnings work', async () => {
    const robots = await runWithoutOverride(h, ['robot', 'list', '--json']);
    expect(robots).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(robots.stdout) as RobotView[]).map((r) => [r.name, r.hasToken])).toEqual([
      ['Echo', true],
      ['Slow', true],
    ]);

    const presets = await runWithoutOverride(h, ['preset', 'list', 'Echo']);
    expect(presets).toMatchObject({ code: 0, stderr: '' });
    expect(presets.stdout).toContain('Daily');

    const calls = await runWithoutOverride(h, ['calls', '--json']);
    expect(calls).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(calls.stdout) as Call[]).map((c) => [c.id, c.state])).toEqual([
      [waitingId, 'waiting'],
      [callId, 'done'],
    ]);

    const status = await runWithoutOverride(h, ['status', callId, '--json']);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(status.stdout)).toMatchObject({ id: callId, state: 'done', response: { n: 1 } });

    // A waiting call is asked about once; what it answers is shown, though it cannot be saved.
    const asked = await runWithoutOverride(h, ['status', waitingId, '--json']);
    expect(asked).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(asked.stdout)).toMatchObject({ id: waitingId, state: 'waiting', pollCount: 1 });

    expect(await runWithoutOverride(h, ['warnings'])).toMatchObject({ code: 0, stdout: 'No warnings.\n' });
    expect((await readdir(h.home)).sort()).toEqual(before);
  });

  test('a change is refused before anything is sent, naming the folder and the fix, exit 8', async () => {
    const refusal =
      `Robot Tray's data folder ${h.home} is not writable (EACCES). ` +
      `Make it writable (chmod u+w ${h.home}) or point ROBOT_TRAY_HOME at another folder.`;
    const added = await runWithoutOverride(h, [
      'robot',
      'add',
      '--name',
      'Other',
      '--base-url',
      h.sandbox.baseUrl,
    ]);
    expect(added).toMatchObject({ code: 8, stdout: '', stderr: `robot-tray: ${refusal}\n` });

    const sent = h.sandbox.calls().length;
    const fired = await runWithoutOverride(h, ['fire', 'Echo', '--arg', 'n:=2']);
    expect(fired).toMatchObject({
      code: 8,
      stdout: '',
      stderr: `robot-tray: ${refusal} Nothing was sent.\n`,
    });
    expect(h.sandbox.calls()).toHaveLength(sent);

    // The keychain is not touched either: the token is still there.
    const cleared = await runWithoutOverride(h, ['token', 'clear', 'Echo']);
    expect(cleared).toMatchObject({ code: 8, stderr: `robot-tray: ${refusal}\n` });
    const status = await runWithoutOverride(h, ['token', 'status', 'Echo', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ hasToken: true });
    expect((await readdir(h.home)).sort()).toEqual(before);
  });
});

describe('robot-tray while another process holds the data', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test('a history locked by another process: fire waits, then says so and sends nothing, exit 9', async () => {
    const holder = await startHelper(
      `import { DatabaseSync } from 'node:sqlite';
       const db = new DatabaseSync(process.argv[1]);
       db.exec("BEGIN EXCLUSIVE; DELETE FROM calls WHERE id = 'none'");
       console.log('ready');
       setInterval(() => {}, 60_000);`,
      [path.join(h.home, 'history.sqlite')],
    );
    try {
      const sent = h.sandbox.calls().length;
      const fired = await h.run(['fire', 'Echo', '--arg', 'n:=1']);
      expect(fired).toMatchObject({ code: 9, stdout: '' });
      expect(fired.stderr).toBe(
        `robot-tray: The call history ${path.join(h.home, 'history.sqlite')} is locked by another process ` +
          '(Robot Tray, or a program reading the file). Try again in a moment; if it stays locked, close that ' +
          'program. Nothing was sent.\n',
      );
      expect(h.sandbox.calls()).toHaveLength(sent);
      // Reading is not blocked by a writer.
      expect(await h.run(['calls'])).toMatchObject({ code: 0, stderr: '' });
    } finally {
      await holder.stop();
    }
    expect((await h.run(['fire', 'Echo', '--arg', 'n:=1'])).code).toBe(0);
  });

  test("a JSON file's lock left by a process that ended is taken over at once", async () => {
    const lock = path.join(h.home, 'robots.json.lock');
    const owner = {
      pid: await pidOfEndedProcess(),
      ...here,
      at: Date.now(),
      nonce: 'left-by-a-crash',
    };
    await writeFile(lock, JSON.stringify(owner));
    const added = await h.run(['robot', 'add', '--name', 'After crash', '--base-url', h.sandbox.baseUrl]);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });

    // An older Robot Tray's lock (proper-lockfile: an empty folder, refreshed while held) goes by age.
    await mkdir(lock);
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    const legacy = await h.run(['robot', 'remove', 'After crash']);
    expect(legacy).toMatchObject({ code: 0, stderr: '' });
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test("a JSON file's lock held by a live process: busy with its PID, nothing changed, exit 9", async () => {
    const holder = await startHelper(`console.log('ready'); setInterval(() => {}, 60_000);`);
    const lock = path.join(h.home, 'presets.json.lock');
    try {
      const owner = { pid: holder.pid, ...here, at: Date.now(), nonce: 'held-by-a-live-process' };
      await writeFile(lock, JSON.stringify(owner));
      const added = await h.run(['preset', 'add', 'Echo', '--name', 'Blocked', '--arg', 'n:=1']);
      expect(added).toMatchObject({ code: 9, stdout: '' });
      expect(added.stderr).toBe(
        `robot-tray: Robot Tray's data is being changed by another process (PID ${holder.pid}); ` +
          'try again in a moment. Nothing was changed (presets.json is locked by it).\n',
      );
      expect(JSON.parse(await readFile(lock, 'utf8'))).toEqual(owner);
    } finally {
      await holder.stop();
    }
    expect(await h.json<unknown[]>(['preset', 'list'])).toEqual([]);
    // Its process ended: the next change takes the lock over.
    expect((await h.run(['preset', 'add', 'Echo', '--name', 'Unblocked', '--arg', 'n:=1'])).code).toBe(0);
  });

  test('changes from many commands at once are all kept', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Parallel ${i}`);
    const results = await Promise.all(
      names.map((name) => h.run(['robot', 'add', '--name', name, '--base-url', h.sandbox.baseUrl])),
    );
    expect(results.map((r) => r.code)).toEqual(names.map(() => 0));
    const robots = await h.json<RobotView[]>(['robot', 'list']);
    expect(
      robots
        .map((r) => r.name)
        .filter((n) => n.startsWith('Parallel'))
        .sort(),
    ).toEqual(names);
  });
});

describe('robot-tray at start, after writes were interrupted', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test("write-file-atomic's temp files are removed; nothing else is", async () => {
    const leftovers = [
      'robots.json.1234567890',
      'presets.json.0',
      'settings.json.4294967295',
      'warnings.json.77',
      'robots.json.lock.stale-0123456789abcdef',
    ];
    const others = [
      'robots.json.4294967296', // past a uint32: not write-file-atomic's
      'robots.json.0123', // a leading zero: not a number it prints
      'robots.json.bak',
      'robots.json.12.txt',
      'notes.json.123',
      'window.json.123', // written by the app without write-file-atomic
      'robots.json.damaged-0a1b2c3d',
      'warnings.json.78', // may be being written right now: too new to be a leftover
    ];
    const old = new Date(Date.now() - 60_000);
    for (const name of [...leftovers, ...others]) {
      await writeFile(path.join(h.home, name), `{"partial":`);
      if (name !== 'warnings.json.78') await utimes(path.join(h.home, name), old, old);
    }
    await mkdir(path.join(h.home, 'presets.json.42')); // a folder is never removed
    const listed = await h.run(['robot', 'list']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const names = await readdir(h.home);
    for (const name of leftovers) expect(names).not.toContain(name);
    for (const name of [...others, 'presets.json.42', 'robots.json']) expect(names).toContain(name);
  });

  test('a temp file of a file another process is writing now is left to that process', async () => {
    const holder = await startHelper(`console.log('ready'); setInterval(() => {}, 60_000);`);
    try {
      const owner = { pid: holder.pid, ...here, at: Date.now(), nonce: 'writing-now' };
      await writeFile(path.join(h.home, 'settings.json.55'), '{');
      await writeFile(path.join(h.home, 'settings.json.lock'), JSON.stringify(owner));
      expect((await h.run(['robot', 'list'])).code).toBe(0);
      expect(await readdir(h.home)).toContain('settings.json.55');
    } finally {
      await holder.stop();
    }
    expect((await h.run(['robot', 'list'])).code).toBe(0);
    expect(await readdir(h.home)).not.toContain('settings.json.55');
  });
});
