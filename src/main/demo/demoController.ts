import { rm } from 'node:fs/promises';
import { writeFileAtomically } from '../../core/files/atomicWrite.ts';
import { readUserFile } from '../../core/files/readUserFile.ts';
import path from 'node:path';
import { z } from 'zod';
import type { AppCore } from '../../core/appCore.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import type { DemoStatus } from '../../shared/events.ts';

/** Which robots the demo added, and which sandbox robot each one talks to. */
const DemoFile = z.object({
  robots: z.array(z.object({ id: z.string().min(1), sandboxName: z.string().min(1) })),
});
type DemoFile = z.infer<typeof DemoFile>;

/** The demo robots people see first, with a preset pinned to the tray for each. */
const DEMO_PRESETS: Record<string, { args: Record<string, string>; pinned: boolean }> = {
  echo: { args: { greeting: 'Hello from Robot Tray' }, pinned: true },
  slow: { args: { note: 'This one takes 30 seconds' }, pinned: false },
  large: { args: {}, pinned: false },
  flaky: { args: { note: 'Status queries fail now and then; Robot Tray retries' }, pinned: false },
  failing: { args: { note: 'This one fails on purpose' }, pinned: true },
};

export const demoRobotName = (sandboxName: string) => `${sandboxName} (demo)`;

/**
 * "Try the demo": the sandbox runs in this process on a free loopback port and
 * its robots are added to Robot Tray, named "(demo)" and listed as demo
 * robots, with their tokens in the keychain like any other. The list is kept
 * in demo.json so the next start brings the sandbox back on a new port (its
 * tokens change at each start) and "Remove demo" still knows what to remove.
 */
/** What a demo robot's notes say: what it is and the button that removes the demo (beside its badge, and in Settings). */
export const DEMO_ROBOT_NOTES =
  'A demo robot served by Robot Tray\'s built-in sandbox. "Remove demo", beside its Demo badge or in Settings, removes it with the other demo robots.';

export class DemoController {
  readonly #core: AppCore;
  readonly #file: string;
  readonly #onChange: (status: DemoStatus) => void;
  #sandbox: Sandbox | undefined;
  #robots: DemoFile['robots'] = [];
  #busy: Promise<unknown> = Promise.resolve();

  constructor(core: AppCore, onChange: (status: DemoStatus) => void = () => undefined) {
    this.#core = core;
    this.#file = path.join(core.dataDir, 'demo.json');
    this.#onChange = onChange;
  }

  status(): DemoStatus {
    return { running: this.#sandbox !== undefined, robotIds: this.#robots.map((r) => r.id) };
  }

  /** At app start: when the demo was on, start its sandbox again and point its robots at it. */
  resume(): Promise<DemoStatus> {
    return this.#serial(async () => {
      this.#robots = await this.#readFile();
      const existing = new Set((await this.#core.listRobots()).map((r) => r.id));
      this.#robots = this.#robots.filter((r) => existing.has(r.id));
      if (this.#robots.length > 0) await this.#connect();
      return this.#changed();
    });
  }

  start(): Promise<DemoStatus> {
    return this.#serial(async () => {
      if (this.#sandbox !== undefined && this.#robots.length > 0) return this.status();
      await this.#connect();
      const sandbox = this.#sandbox!;
      const taken = new Set(this.#robots.map((r) => r.sandboxName));
      for (const { name } of sandbox.robots) {
        if (taken.has(name)) continue;
        const robot = await this.#core.createRobot({
          name: demoRobotName(name),
          baseUrl: sandbox.baseUrl,
          notes: DEMO_ROBOT_NOTES,
        });
        this.#robots.push({ id: robot.id, sandboxName: name });
        await this.#writeFile();
        await this.#core.setToken(robot.id, sandbox.tokenOf(name));
        const preset = DEMO_PRESETS[name];
        if (preset !== undefined) {
          await this.#core.createPreset({
            robotId: robot.id,
            name: 'Try it',
            args: preset.args,
            pinnedToTray: preset.pinned,
            notifyOnFinish: true,
          });
        }
      }
      return this.#changed();
    });
  }

  remove(): Promise<DemoStatus> {
    return this.#serial(async () => {
      for (const { id } of [...this.#robots]) {
        try {
          await this.#core.deleteRobot(id);
        } catch (error) {
          // Already deleted by hand is fine; anything else (a locked keychain) stops here.
          if (!(error instanceof Error && 'kind' in error && error.kind === 'not-found')) throw error;
        }
        this.#robots = this.#robots.filter((r) => r.id !== id);
        await this.#writeFile();
      }
      await rm(this.#file, { force: true });
      await this.#sandbox?.close();
      this.#sandbox = undefined;
      return this.#changed();
    });
  }

  async close(): Promise<void> {
    await this.#busy.catch(() => undefined);
    await this.#sandbox?.close();
    this.#sandbox = undefined;
  }

  /** Start the sandbox (on a new port, with new tokens) and repoint the demo robots at it. */
  async #connect(): Promise<void> {
    this.#sandbox ??= await startSandbox({ demoRobots: true, host: '127.0.0.1', port: 0 });
    const sandbox = this.#sandbox;
    const known = new Set(sandbox.robots.map((r) => r.name));
    for (const { id, sandboxName } of this.#robots) {
      if (!known.has(sandboxName)) continue;
      await this.#core.updateRobot(id, { baseUrl: sandbox.baseUrl });
      await this.#core.setToken(id, sandbox.tokenOf(sandboxName));
    }
  }

  async #readFile(): Promise<DemoFile['robots']> {
    let text: string;
    try {
      text = (await readUserFile(this.#file, 1024 * 1024)).toString('utf8');
    } catch {
      return [];
    }
    try {
      const parsed = DemoFile.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.robots : [];
    } catch {
      return [];
    }
  }

  #writeFile(): Promise<void> {
    // Renamed over, as every data-folder file: a FIFO in its place would hold the demo (and a thread) for good.
    return writeFileAtomically(this.#file, JSON.stringify({ robots: this.#robots }, null, 2) + '\n', {
      mode: 0o600,
    });
  }

  #changed(): DemoStatus {
    const status = this.status();
    this.#onChange(status);
    return status;
  }

  /** One demo operation at a time: two clicks on "Try the demo" add the robots once. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#busy.catch(() => undefined).then(work);
    this.#busy = next;
    return next;
  }
}
