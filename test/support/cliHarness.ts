import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { trustConfirmed } from './trustConfirmed.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import {
  startSandbox,
  type RobotDefinition,
  type Sandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/robot-tray.js');

export type CliResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};
export type RunOptions = {
  input?: string;
  env?: Record<string, string | undefined>;
  /** `robot-tray sandbox` lists its own robots' tokens by design: its output is not checked for them. */
  printsSandboxTokens?: boolean;
};
export type Running = {
  child: ChildProcessWithoutNullStreams;
  done: Promise<CliResult>;
  /** Resolves with the stream's text so far once `pattern` appears in it: waiting on output, not time. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string>;
};

/**
 * The real `robot-tray` bin as a child process, with its own data folder
 * (ROBOT_TRAY_HOME), a sandbox to talk to, and the test keychain inherited
 * from `npm test`. Every output of every command is kept so that a test
 * file can check, at the end, that no token ever appeared in any of them.
 */
export class CliHarness {
  readonly home: string;
  readonly sandbox: Sandbox;
  /** Every token the tests handed out: none may appear in any output. */
  readonly secrets = new Set<string>();
  readonly #outputs: string[] = [];
  #core: AppCore | undefined;

  private constructor(home: string, sandbox: Sandbox) {
    this.home = home;
    this.sandbox = sandbox;
  }

  static async open(sandbox: SandboxOptions = {}): Promise<CliHarness> {
    const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-'));
    return new CliHarness(home, await startSandbox({ demoRobots: false, seed: 1, ...sandbox }));
  }

  env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, ROBOT_TRAY_HOME: this.home, ...extra };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    return env;
  }

  /** Starts the bin; the caller drives it (stdin, signals) and awaits `done`. */
  start(args: string[], options: RunOptions = {}): Running {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: this.env(options.env) });
    return this.#watch(child, options.printsSandboxTokens !== true);
  }

  /** Starts another program (e.g. `script`, for a terminal) in the repository with this harness's env. */
  startCommand(file: string, args: string[], options: RunOptions = {}): Running {
    return this.#watch(spawn(file, args, { cwd: ROOT, env: this.env(options.env) }), true);
  }

  async run(args: string[], options: RunOptions = {}): Promise<CliResult> {
    const running = this.start(args, options);
    running.child.stdin.end(options.input ?? '');
    return running.done;
  }

  #watch(child: ChildProcessWithoutNullStreams, checked: boolean): Running {
    const out = { stdout: '', stderr: '' };
    const waiters: Array<() => void> = [];
    const collect = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
      out[name] += chunk.toString();
      for (const waiter of [...waiters]) waiter();
    };
    child.stdout.on('data', collect('stdout'));
    child.stderr.on('data', collect('stderr'));
    let closed = false;
    const done = once(child, 'close').then(([code, signal]) => {
      closed = true;
      if (checked) this.#outputs.push(out.stdout, out.stderr);
      for (const waiter of [...waiters]) waiter();
      return { code, signal, ...out } as CliResult;
    });
    return {
      child,
      done,
      waitFor: (name, pattern) =>
        new Promise((resolve, reject) => {
          const check = () => {
            if (pattern.test(out[name])) {
              waiters.splice(waiters.indexOf(check), 1);
              resolve(out[name]);
            } else if (closed) {
              waiters.splice(waiters.indexOf(check), 1);
              reject(new Error(`${name} ended without ${pattern}: ${out[name]}`));
            }
          };
          waiters.push(check);
          check();
        }),
    };
  }

  /** Runs a command that prints JSON and must succeed. */
  async json<T = unknown>(args: string[], options: RunOptions = {}): Promise<T> {
    const result = await this.run([...args, '--json'], options);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as T;
  }

  /** Output seen some other way (a terminal session, a data file), checked with the rest. */
  keep(output: string): void {
    this.#outputs.push(output);
  }

  /** The app's view: an AppCore on the same data folder, as the tray app would open it. */
  async core(): Promise<AppCore> {
    this.#core ??= await AppCore.open({ dataDir: this.home, resumeWatching: false });
    return this.#core;
  }

  /** Ends the app's view (core) so a test may change the data folder under it; `core()` opens a new one. */
  async closeCore(): Promise<void> {
    await this.#core?.close();
    this.#core = undefined;
  }

  /**
   * A robot in the sandbox and the same robot in Robot Tray, with its token,
   * made through the core for speed (the CLI's own `robot add` has its tests);
   * `extra` (a CA file, plain http) is confirmed as the person setting it up
   * would. Polls start fast so --wait tests take a fraction of a second.
   */
  async addRobot(definition: RobotDefinition, extra: Record<string, unknown> = {}): Promise<RobotView> {
    const { token } = this.sandbox.addRobot(definition);
    this.secrets.add(token);
    const core = await this.core();
    const robot = await core.createRobot(
      {
        name: definition.name,
        baseUrl: this.sandbox.baseUrl,
        pollPolicy: { firstDelayMs: 100, factor: 1, maxDelayMs: 100 },
        ...extra,
      },
      trustConfirmed,
    );
    await core.setToken(robot.id, token);
    return core.getRobot(robot.id);
  }

  /** No token in any output, nor in any file of the data folder. */
  async assertNoSecretLeaked(): Promise<void> {
    const files = await readdir(this.home, { recursive: true, withFileTypes: true });
    const texts = [...this.#outputs];
    for (const file of files) {
      if (file.isFile()) texts.push(await readFile(path.join(file.parentPath, file.name), 'latin1'));
    }
    expect(this.secrets.size).toBeGreaterThan(0);
    for (const secret of this.secrets) for (const text of texts) expect(text).not.toContain(secret);
  }

  async close(): Promise<void> {
    await this.assertNoSecretLeaked();
    const core = await this.core();
    for (const robot of await core.listRobots()) {
      try {
        await core.clearToken(robot.id);
      } catch {
        // Already gone.
      }
    }
    await core.close();
    await this.sandbox.close();
    await rm(this.home, { recursive: true, force: true });
  }
}
