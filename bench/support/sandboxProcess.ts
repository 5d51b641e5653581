import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { SandboxConfig } from '../../src/sandbox/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type SandboxProcess = {
  baseUrl: string;
  child: ChildProcess;
  rssMiB(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The sandbox in its own process, as `npm run sandbox` runs it, so a
 * benchmark's load generator never shares its event loop. Loopback only; a
 * hard time limit kills it if a benchmark hangs.
 */
export async function startSandboxProcess(
  config: SandboxConfig,
  hardLimitMs = 120_000,
): Promise<SandboxProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-'));
  const file = path.join(dir, 'robots.json');
  await writeFile(file, JSON.stringify(config));
  return startServerProcess(
    [path.join(root, 'src/sandbox/main.ts'), '--port', '0', '--no-demo', '--config', file],
    hardLimitMs,
    dir,
  );
}

/** The sandbox's floor (bareServer.ts) in its own process, handled as the sandbox is. */
export function startBareServerProcess(hardLimitMs = 120_000): Promise<SandboxProcess> {
  return startServerProcess([path.join(import.meta.dirname, 'bareServer.ts')], hardLimitMs);
}

async function startServerProcess(
  args: string[],
  hardLimitMs: number,
  dir?: string,
): Promise<SandboxProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${hardLimitMs} ms; stopping.`);
    child.kill('SIGKILL');
    process.exit(1);
  }, hardLimitMs);
  guard.unref();
  // A benchmark that throws must not leave its sandbox serving on: that kept
  // `npm run bench` from finishing. 'exit' handlers run on throw and on exit().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let baseUrl = '';
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /listening on (http:\/\/\S+)$/.exec(line);
    if (match) {
      baseUrl = match[1] as string;
      break;
    }
  }
  if (!baseUrl.startsWith('http://127.0.0.1:'))
    throw new Error(`bench: unexpected sandbox address "${baseUrl}"`);
  child.stdout!.resume();

  return {
    baseUrl,
    child,
    async rssMiB() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return Math.round(kb / 1024);
    },
    async stop() {
      clearTimeout(guard);
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}
