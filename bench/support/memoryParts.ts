/**
 * What a process's resident memory is made of, sampled cheaply enough to take
 * every 250 ms of a load run: V8's heap as committed (and by space), memory
 * V8 knows is held outside it (external, array buffers), and, on Linux, the
 * kernel's split of RSS into anonymous and file-backed pages. What is left of
 * the anonymous part after V8's heap and external memory is native: malloc's
 * arenas (SQLite's page cache, undici's and OpenSSL's buffers), stacks, code.
 * RSS alone cannot tell a kept object from heap V8 grew and holds, or from
 * pages of the node binary first touched later in a run; these parts can.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

export type MemoryParts = {
  rss: number;
  /** Pages of files mapped in (the node binary, shared libraries): first touched, then kept. */
  rssFile: number | null;
  rssAnon: number | null;
  /** V8's heap spaces as physically committed: what the collector grew to, live or not. */
  v8Committed: number;
  v8Used: number;
  /** The young generation's committed size: it grows under allocation pressure and stays. */
  v8NewSpace: number;
  external: number;
  /** Anonymous RSS that is neither V8's heap nor external memory: malloc, SQLite, stacks. */
  native: number | null;
  /** RSS less V8's heap spaces: everything a leak outside JavaScript objects would grow. */
  outsideV8: number;
};

export const PART_NAMES = [
  'rss',
  'rssFile',
  'rssAnon',
  'v8Committed',
  'v8Used',
  'v8NewSpace',
  'external',
  'native',
  'outsideV8',
] as const satisfies ReadonlyArray<keyof MemoryParts>;

const MiB = 2 ** 20;

/** RssAnon and RssFile from /proc/self/status in MiB, or null where there is none. */
export function rssSplit(status: string): { anon: number; file: number } | null {
  const kib = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
    return match === null ? null : Number(match[1]) / 1024;
  };
  const anon = kib('RssAnon');
  const file = kib('RssFile');
  return anon === null || file === null ? null : { anon, file };
}

function readStatus(): string {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return '';
  }
}

/** One sample of the parts, in MiB. */
export function sampleMemoryParts(): MemoryParts {
  const usage = process.memoryUsage();
  const split = rssSplit(readStatus());
  // Physical sizes, not heapTotal: V8 reserves and commits more than it has touched.
  const spaces = getHeapSpaceStatistics();
  const newSpace = spaces.find((s) => s.space_name === 'new_space');
  const v8Committed = spaces.reduce((sum, s) => sum + s.physical_space_size, 0) / MiB;
  const external = usage.external / MiB;
  return {
    rss: usage.rss / MiB,
    rssFile: split?.file ?? null,
    rssAnon: split?.anon ?? null,
    v8Committed,
    v8Used: usage.heapUsed / MiB,
    v8NewSpace: (newSpace?.physical_space_size ?? 0) / MiB,
    external,
    native: split === null ? null : split.anon - v8Committed - external,
    outsideV8: usage.rss / MiB - v8Committed,
  };
}

/** Each part's median in the first and the last fifth of a run, in MiB. */
export type PartFifths = Record<keyof MemoryParts, { first: number | null; last: number | null }>;

const whole = (n: number | null) => (n === null ? '?' : n.toFixed(0));

/**
 * Where RSS went between the first fifth and the last, for a figure's
 * `found`: V8's young generation, V8's other spaces, native memory, external
 * memory and mapped files, each "first → last", with the live heap's change
 * beside them so a reader sees whether the growth is kept objects or heap
 * V8 grew and holds.
 */
export function growthText(parts: PartFifths): string {
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const otherSpaces = {
    first: minus(parts.v8Committed.first, parts.v8NewSpace.first),
    last: minus(parts.v8Committed.last, parts.v8NewSpace.last),
  };
  const grew = minus(parts.rss.last, parts.rss.first);
  const line = (name: string, p: { first: number | null; last: number | null }) =>
    `${name} ${whole(p.first)} → ${whole(p.last)}`;
  return (
    `RSS ${grew === null ? '?' : `${grew >= 0 ? '+' : ''}${grew.toFixed(0)}`} MiB: ` +
    [
      line("V8's young generation", parts.v8NewSpace),
      line("V8's other spaces", otherSpaces),
      line('native (malloc, SQLite, stacks)', parts.native),
      line('external', parts.external),
      line('mapped files', parts.rssFile),
    ].join(', ') +
    ` MiB; V8 heap in use ${whole(parts.v8Used.first)} → ${whole(parts.v8Used.last)} MiB`
  );
}
