import type { Page } from 'playwright-core';

/*
 * What the window benchmarks read in the page by its own clock: frames
 * drawn, tasks over 50 ms on its main thread, and when elements first showed.
 */

/** What the page saw since the watch began or was last read; `ms` by its own clock. */
type MainThreadSeen = { longest: number; longTasks: number; frames: number; ms: number };

/** Starts recording long tasks and frames in the page; the returned function reads and resets them. */
export async function watchMainThread(page: Page): Promise<() => Promise<MainThreadSeen>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __main: { longest: number; longTasks: number; frames: number; since: number };
    };
    scope.__main = { longest: 0, longTasks: 0, frames: 0, since: performance.now() };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        scope.__main.longest = Math.max(scope.__main.longest, entry.duration);
        scope.__main.longTasks++;
      }
      // Node's types know no 'longtask' entries; Chromium reports them.
    }).observe({ type: 'longtask' } as unknown as { type: 'mark' });
    const onFrame = (globalThis as unknown as { requestAnimationFrame: (f: () => void) => void })
      .requestAnimationFrame;
    const frame = () => {
      scope.__main.frames++;
      onFrame(frame);
    };
    onFrame(frame);
  });
  return () =>
    page.evaluate(() => {
      const scope = globalThis as unknown as {
        __main: { longest: number; longTasks: number; frames: number; since: number };
      };
      const { since, ...seen } = scope.__main;
      const now = performance.now();
      scope.__main = { longest: 0, longTasks: 0, frames: 0, since: now };
      return { ...seen, ms: now - since };
    });
}

/**
 * Starts a clock in the page and notes, by the page's own clock, when each
 * selector first matches: the time the window showed it, not the time this
 * process heard of it (Playwright's answer waits for this process, which
 * stands in for main and may be busy reading or sending the response).
 */
export async function whenShown<K extends string>(
  page: Page,
  selectors: Record<K, string>,
): Promise<() => Promise<Record<K, number>>> {
  await page.evaluate(
    (wanted) => {
      const scope = globalThis as unknown as {
        __shown: { start: number; at: Record<string, number> };
        document: { querySelector: (s: string) => unknown; body: unknown };
        MutationObserver: new (f: () => void) => { observe: (n: unknown, o: object) => void };
      };
      const at: Record<string, number> = {};
      scope.__shown = { start: performance.now(), at };
      const look = () => {
        for (const [name, selector] of Object.entries(wanted)) {
          if (at[name] === undefined && scope.document.querySelector(selector) !== null) {
            at[name] = performance.now();
          }
        }
      };
      new scope.MutationObserver(look).observe(scope.document.body, { subtree: true, childList: true });
    },
    selectors as Record<string, string>,
  );
  return () =>
    page.evaluate(() => {
      const { start, at } = (
        globalThis as unknown as { __shown: { start: number; at: Record<string, number> } }
      ).__shown;
      return Object.fromEntries(Object.entries(at).map(([name, t]) => [name, t - start]));
    }) as Promise<Record<K, number>>;
}
