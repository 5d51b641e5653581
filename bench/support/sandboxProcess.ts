import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { SandboxConfig } from '../../src/sandbox/index.ts';
import { parseCountLine, type SecondCount } from './requestCounts.ts';

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

/**
 * The sandbox in its own process, as startSandboxProcess runs it, that also
 * reports each second how many triggers and status queries it received
 * (countingSandbox.ts); `onSecond` gets every second's counts, the last ones
 * before stop() resolves.
 */
export async function startCountingSandboxProcess(
  config: SandboxConfig,
  onSecond: (count: SecondCount) => void,
  hardLimitMs = 120_000,
): Promise<SandboxProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-'));
  const file = path.join(dir, 'robots.json');
  await writeFile(file, JSON.stringify(config));
  const onLine = (line: string) => {
    const count = parseCountLine(line);
    if (count !== undefined) onSecond(count);
  };
  return startServerProcess(
    [path.join(import.meta.dirname, 'countingSandbox.ts'), '--config', file],
    hardLimitMs,
    dir,
    onLine,
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
  onLine?: (line: string) => void,
): Promise<SandboxProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // 'close' comes after the child's last line has been read, which 'exit' does not promise.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${hardLimitMs} ms; stopping.`);
    child.kill('SIGKILL');
    process.exit(1);
  }, hardLimitMs);
  guard.unref();
  // A benchmark that throws must not leave its sandbox serving on: that kept
  // `npm run bench` from finishing; nor its config folder stay behind. 'exit'
  // handlers run on throw and on exit(), and must be synchronous.
  const killOnExit = () => {
    child.kill('SIGKILL');
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  // One reader for the child's whole life: the banner first, then every line to onLine.
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = await new Promise<string>((resolve) => {
    let found = false;
    lines.on('line', (line) => {
      if (found) return onLine?.(line);
      const match = /listening on (http:\/\/\S+)$/.exec(line);
      if (match) {
        found = true;
        resolve(match[1] as string);
      }
    });
    lines.once('close', () => resolve(''));
  });
  if (!baseUrl.startsWith('http://127.0.0.1:'))
    throw new Error(`bench: unexpected sandbox address "${baseUrl}"`);

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
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await closed;
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}
