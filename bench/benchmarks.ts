/**
 * Every benchmark Robot Tray has, and the one command that runs each: the
 * npm script runs it alone, `npm run bench` runs them one after the other,
 * and `npm test` runs each with `--short`. One list, so none can be left out
 * of any of the three (a unit test holds package.json to it).
 */
import path from 'node:path';

export type Benchmark = {
  /** `npm run bench:NAME` runs it alone. */
  name: string;
  /** Node's arguments: flags, then the script, relative to the repository. */
  node: string[];
  /** Needs a keychain, so runs inside test/support/with-keyring.sh. */
  keyring: boolean;
  /** Needs out/renderer, so `npm run build` first. */
  build: boolean;
};

export const benchmarks: readonly Benchmark[] = [
  { name: 'core', node: ['--expose-gc', 'bench/core-tracker.ts'], keyring: true, build: false },
  { name: 'mask', node: ['bench/echo-mask.ts'], keyring: false, build: false },
  { name: 'sandbox', node: ['bench/sandbox-load.ts'], keyring: false, build: false },
  { name: 'history', node: ['bench/history-list.ts'], keyring: false, build: false },
  { name: 'stats', node: ['bench/run-stats.ts'], keyring: false, build: false },
  { name: 'load', node: ['--expose-gc', 'bench/load-faults.ts'], keyring: false, build: false },
  { name: 'poll', node: ['bench/poll-learning.ts'], keyring: false, build: false },
  { name: 'batch', node: ['bench/batch-run.ts'], keyring: false, build: false },
  { name: 'cli', node: ['test/support/cliStartupBench.ts'], keyring: true, build: false },
  { name: 'viewer', node: ['bench/viewer/run.ts'], keyring: false, build: false },
  { name: 'window', node: ['bench/window.ts'], keyring: true, build: true },
];

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** The package.json script that runs `bench` alone. */
export function npmScriptOf(bench: Benchmark): string {
  const node = `node ${bench.node.join(' ')}`;
  return (
    (bench.build ? 'npm run build && ' : '') +
    (bench.keyring ? `bash test/support/with-keyring.sh ${node}` : node)
  );
}

/** The same command as a program and its arguments (the build left out: the caller builds once). */
export function commandOf(bench: Benchmark, extra: string[]): { file: string; args: string[] } {
  const node = [process.execPath, ...bench.node, ...extra];
  return bench.keyring
    ? { file: 'bash', args: ['test/support/with-keyring.sh', ...node] }
    : { file: node[0]!, args: node.slice(1) };
}
