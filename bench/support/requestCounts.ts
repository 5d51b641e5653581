/**
 * The service requests a sandbox received, counted per wall-clock second
 * from its own request log: what the load run reports as the query rate the
 * service saw. countingSandbox.ts counts and prints one line a second; the
 * load run reads the lines back. Pure functions, so the counting is tested
 * without a sandbox.
 */
import { z } from 'zod';

export const LINE_PREFIX = 'requests ';

export const secondCountSchema = z.strictObject({
  /** Whole seconds since the epoch, as the sandbox's clock read them. */
  second: z.number().int(),
  queries: z.number().int().min(0),
  triggers: z.number().int().min(0),
  /** The log moved on by more than it holds between two reads: this second's counts are short. */
  short: z.boolean(),
});
export type SecondCount = z.infer<typeof secondCountSchema>;

type Logged = { path: string; at: number };

/**
 * The entries of `log` (oldest first, a bounded ring) after `last`, the
 * newest entry seen at the previous read. When `last` is gone from the ring,
 * more arrived than it holds, so some were never seen: `missed` says so.
 */
export function freshEntries<T>(log: readonly T[], last: T | undefined): { fresh: T[]; missed: boolean } {
  if (last === undefined) return { fresh: [...log], missed: false };
  const at = log.lastIndexOf(last);
  return at < 0 ? { fresh: [...log], missed: true } : { fresh: log.slice(at + 1), missed: false };
}

/** Adds `entries` to the per-second counts in `seconds` (changed in place). */
export function addToSeconds(
  seconds: Map<number, SecondCount>,
  entries: readonly Logged[],
  paths: { trigger: string; queryPrefix: string },
  missed: boolean,
): void {
  for (const entry of entries) {
    const second = Math.floor(entry.at / 1000);
    const count = seconds.get(second) ?? { second, queries: 0, triggers: 0, short: false };
    const path = entry.path.split('?', 1)[0] ?? '';
    if (path === paths.trigger) count.triggers += 1;
    else if (path.startsWith(paths.queryPrefix)) count.queries += 1;
    seconds.set(second, count);
  }
  if (missed) for (const count of seconds.values()) count.short = true;
}

/** Takes out of `seconds` and returns, oldest first, every second before `nowSecond` (those are complete). */
export function takeCompleteSeconds(seconds: Map<number, SecondCount>, nowSecond: number): SecondCount[] {
  const done = [...seconds.values()].filter((c) => c.second < nowSecond).sort((a, b) => a.second - b.second);
  for (const count of done) seconds.delete(count.second);
  return done;
}

/** One count as a line on stdout, and back; anything else on the line gives undefined. */
export function countLine(count: SecondCount): string {
  return `${LINE_PREFIX}${JSON.stringify(count)}`;
}

export function parseCountLine(line: string): SecondCount | undefined {
  if (!line.startsWith(LINE_PREFIX)) return undefined;
  try {
    const parsed = secondCountSchema.safeParse(JSON.parse(line.slice(LINE_PREFIX.length)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
