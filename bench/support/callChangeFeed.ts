import type { Page } from 'playwright-core';
import type { AppEvent } from '../../src/shared/events.ts';
import type { CallSummary } from '../../src/shared/models/callSummary.ts';

/**
 * Call changes at a set rate, through main's event hub (the path the core's
 * own changes take to the window), for waiting calls: each change is one
 * more poll of a call (its count up, its next poll set), round robin over the
 * calls. Changes due are sent together each time this process's timers
 * come round (every few milliseconds), as main sends what the core wrote in
 * one tick, so the rate holds however busy this process is.
 *
 * The core's own polling cannot ask 2,000 polls a second on this machine
 * (its CPU per poll, the service's answers and the browser share two cores),
 * so a window measured under it measured the core's rate, not the window's.
 */
export function feedCallChanges(
  emit: (event: AppEvent) => void,
  calls: readonly CallSummary[],
  perSecond: number,
): { stop: () => number } {
  const latest = calls.map((call) => ({ ...call }));
  const started = performance.now();
  let sent = 0;
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond) - sent;
    if (due > 0 && latest.length > 0) {
      const now = Date.now();
      const changes = [];
      for (let i = 0; i < due; i++) {
        const call = latest[next]!;
        const polled: CallSummary = { ...call, pollCount: call.pollCount + 1, nextPollAt: now + 1_000 };
        latest[next] = polled;
        next = (next + 1) % latest.length;
        changes.push({ call: polled, from: polled.state });
      }
      sent += due;
      emit({ type: 'calls.changed', changes });
    }
    timer = setTimeout(tick, 4);
  };
  tick();
  return {
    stop: () => {
      clearTimeout(timer);
      return sent;
    },
  };
}

/** Counts, in the page, the call changes that reached the window's event listeners; read and reset by the returned function. */
export async function countChangesInPage(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __changes: number;
      robotTray: { onEvent: (f: (e: { type: string; changes?: unknown[] }) => void) => void };
    };
    scope.__changes = 0;
    scope.robotTray.onEvent((event) => {
      if (event.type === 'calls.changed') scope.__changes += event.changes?.length ?? 0;
    });
  });
  return () =>
    page.evaluate(() => {
      const scope = globalThis as unknown as { __changes: number };
      const seen = scope.__changes;
      scope.__changes = 0;
      return seen;
    });
}
