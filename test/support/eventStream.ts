import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the test window's page listens for main's events (see windowHarness). */
export const EVENTS_PATH = '/__events';

/**
 * Main's events to the test window as a stream of server-sent events: each
 * event one message, delivered to the page as a task of its own and parsed
 * there, as an IPC message reaches the window in the app. The harness's
 * other way, a Playwright evaluate per batch of events, is a DevTools round
 * trip each: at 2,000 call changes a second the batches reached the page
 * late and together, one task each (a 452 ms task; 3,831 changes/s received
 * in 5 s where 2,003/s were sent), so the window measured Playwright's
 * channel more than its own work.
 *
 * Events sent while no page listens (before the page opens its stream, or
 * while it reloads) wait and go in order to the next page that does.
 */
export class EventStream {
  #page: ServerResponse | undefined;
  #waiting: string[] = [];
  #closed = false;

  /** Sends one event's JSON text (a single line: JSON text holds no line breaks). */
  send(json: string): void {
    if (this.#closed) return;
    if (this.#page === undefined) this.#waiting.push(json);
    else this.#page.write(`data: ${json}\n\n`);
  }

  /** The page's request for its stream: it replaces any earlier page's. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    if (this.#closed) {
      res.writeHead(204).end();
      return;
    }
    this.#page?.end();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.flushHeaders();
    this.#page = res;
    req.once('close', () => {
      if (this.#page === res) this.#page = undefined;
    });
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const json of waiting) this.send(json);
  }

  close(): void {
    this.#closed = true;
    this.#page?.end();
    this.#page = undefined;
    this.#waiting = [];
  }
}
