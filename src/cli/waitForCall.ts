import type { AppCore } from '../core/appCore.ts';
import type { Call } from '../shared/models/call.ts';
import { reportWait } from './callReport.ts';
import { ProgressReporter } from './progressReporter.ts';
import type { ResponseOptions } from './responseOutput.ts';

export type WaitEnd = 'final' | 'timeout' | 'interrupted';
export type WaitOutcome = { call: Call; ended: WaitEnd };

/**
 * Waits for a call this process is watching to leave `waiting`, on the
 * core's events (the core's poll policy decides when to ask the service; we
 * never sleep or poll here). Ends early at `deadline` or on Ctrl+C, leaving
 * the call waiting: closing the core afterwards stops polling without
 * changing its state, so the app takes over.
 */
export function waitForCall(
  core: AppCore,
  callId: string,
  options: { deadline?: number | undefined; onChange?: (call: Call) => void; now?: () => number },
): Promise<WaitOutcome> {
  const now = options.now ?? Date.now;
  return new Promise((resolve) => {
    let latest = core.getCall(callId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The core's poll timers are unref'd (they must never hold the app open),
    // so while we wait on them something has to keep this process alive.
    // This timer does nothing else: it never fires in practice.
    const keepAlive = setInterval(() => undefined, 2 ** 30);
    const settle = (ended: WaitEnd): void => {
      unsubscribe();
      process.off('SIGINT', onInterrupt);
      clearInterval(keepAlive);
      if (timer !== undefined) clearTimeout(timer);
      resolve({ call: latest, ended });
    };
    const onInterrupt = (): void => settle('interrupted');
    const unsubscribe = core.subscribe((event) => {
      if (event.type !== 'calls') return;
      const changed = event.calls.find((c) => c.id === callId);
      if (changed === undefined) return;
      latest = changed;
      options.onChange?.(changed);
      if (changed.state !== 'waiting') settle('final');
    });
    // Ctrl+C is ours before the first progress line shows: someone (or a
    // script) reacting to that line must never kill the process mid-wait.
    process.on('SIGINT', onInterrupt);
    options.onChange?.(latest);
    // Only a waiting call has polls to wait for: any other state is as final
    // as this process can see (a call another process is still sending included).
    if (latest.state !== 'waiting') return settle('final');
    if (options.deadline !== undefined) {
      timer = setTimeout(() => settle('timeout'), Math.max(0, options.deadline - now()));
    }
  });
}

/**
 * `fire --wait` and `status --wait`: wait for the call with progress on
 * stderr, then report it; returns the exit code.
 */
export async function waitAndReport(
  core: AppCore,
  callId: string,
  options: ResponseOptions & { started: number; timeoutSeconds: number | undefined },
): Promise<number> {
  const progress = new ProgressReporter(process.stderr);
  const outcome = await waitForCall(core, callId, {
    deadline:
      options.timeoutSeconds === undefined ? undefined : options.started + options.timeoutSeconds * 1000,
    onChange: (c) => progress.update(c),
  });
  progress.end(outcome.call);
  return reportWait(outcome, { ...options, appWatching: core.appIsWatching() });
}
