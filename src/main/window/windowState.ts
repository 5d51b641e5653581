import { writeFileAtomically } from '../../core/files/atomicWrite.ts';
import { readUserFile } from '../../core/files/readUserFile.ts';
import { z } from 'zod';

export const Bounds = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
});
export type Bounds = z.infer<typeof Bounds>;

type Area = { x: number; y: number; width: number; height: number };

/**
 * The remembered bounds, if they still fit: a window saved on a monitor that
 * is gone would open off-screen, so then only its size is kept and the
 * system places it.
 */
export function usableBounds(saved: Bounds | undefined, displays: readonly Area[]): Bounds | undefined {
  if (saved === undefined) return undefined;
  if (saved.x === undefined || saved.y === undefined) return saved;
  const { x, y } = saved;
  // At least the top-left 100 × 40 (the title bar) must be on some display.
  const visible = displays.some(
    (d) => x + 100 > d.x && x < d.x + d.width && y >= d.y && y + 40 <= d.y + d.height,
  );
  return visible ? saved : { width: saved.width, height: saved.height };
}

/** window.json in the data folder; a damaged file just means default bounds. */
export async function readBounds(file: string): Promise<Bounds | undefined> {
  try {
    const parsed = Bounds.safeParse(JSON.parse((await readUserFile(file, 64 * 1024)).toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside and renamed over: a FIFO in its place would hold a libuv thread until read, on every move. */
export function writeBounds(file: string, bounds: Bounds): Promise<void> {
  return writeFileAtomically(file, JSON.stringify(bounds) + '\n', { mode: 0o600 });
}
