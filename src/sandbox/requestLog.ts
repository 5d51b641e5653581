import type { IncomingHttpHeaders } from 'node:http';

export type LoggedRequest = {
  method: string;
  /** The request target exactly as received (path and query, still percent-encoded). */
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
};

/** The last `limit` service requests, oldest first: a bounded ring so a load run cannot grow it forever. */
export class RequestLog {
  readonly #entries: LoggedRequest[] = [];
  readonly #limit: number;
  #next = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  add(entry: LoggedRequest): void {
    if (this.#limit <= 0) return;
    if (this.#entries.length < this.#limit) {
      this.#entries.push(entry);
      return;
    }
    this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % this.#limit;
  }

  list(): LoggedRequest[] {
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)];
  }
}
