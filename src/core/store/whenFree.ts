import { AppError } from '../errors.ts';

/** How long opening the database or a write waits (without blocking) while another process holds it locked. */
export const OPEN_WAIT_MS = 5_000;

/**
 * `attempt` (opening the database, or a write transaction), tried again
 * without blocking the event loop (at most `waitMs`) while another process
 * holds the file locked; then a `busy` error that says nothing was sent or
 * changed. Two processes writing at once take turns this way: SQLite's own
 * wait is kept short (BUSY_WAIT_MS) so the event loop is never held.
 */
export async function whenFree<T>(attempt: () => T, waitMs = OPEN_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    try {
      return attempt();
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'busy') throw error;
      if (Date.now() + delay > deadline) {
        throw new AppError('busy', `${error.message} Nothing was sent or changed.`, { cause: error });
      }
      // A timer that keeps the process alive: a one-shot command is waiting on it.
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
