import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Scheduler } from '../scheduler.ts';
import { errorBody, type ErrorCode } from './errors.ts';

/** How the faults in effect want the response delivered. */
export type Delivery = {
  slowBody?: { chunkBytes: number; intervalMs: number } | undefined;
  /** Write the headers and half the body, then destroy the socket. */
  truncateAndDrop?: boolean;
};

export type Reply = {
  json(statusCode: number, body: string, headers?: OutgoingHttpHeaders): void;
  error(statusCode: number, code: ErrorCode, message: string, headers?: OutgoingHttpHeaders): void;
};

export function createReply(res: ServerResponse, delivery: Delivery, scheduler: Scheduler): Reply {
  const json = (statusCode: number, body: string, headers: OutgoingHttpHeaders = {}): void => {
    if (res.headersSent || res.destroyed) return;
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(statusCode, {
      ...headers,
      'content-type': 'application/json',
      'content-length': bytes.length,
    });
    if (delivery.truncateAndDrop === true) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return;
    }
    if (delivery.slowBody !== undefined) {
      writeSlowly(res, bytes, delivery.slowBody, scheduler);
      return;
    }
    res.end(bytes);
  };
  return {
    json,
    error: (statusCode, code, message, headers) => json(statusCode, errorBody(code, message), headers),
  };
}

/** A plain reply for paths that meet no faults (admin API, unknown routes). */
export function plainReply(res: ServerResponse, scheduler: Scheduler): Reply {
  return createReply(res, {}, scheduler);
}

function writeSlowly(
  res: ServerResponse,
  bytes: Buffer,
  slow: { chunkBytes: number; intervalMs: number },
  scheduler: Scheduler,
): void {
  let offset = 0;
  let cancel: (() => void) | undefined;
  res.once('close', () => cancel?.());
  const next = (): void => {
    const end = Math.min(offset + slow.chunkBytes, bytes.length);
    const chunk = bytes.subarray(offset, end);
    offset = end;
    if (offset >= bytes.length) {
      res.end(chunk);
      return;
    }
    res.write(chunk);
    cancel = scheduler.after(slow.intervalMs, next);
  };
  next();
}

/** Whether the client asked for `Expect: 100-continue` (the server then waits for us to send it). */
export function expectsContinue(req: IncomingMessage): boolean {
  return req.headers.expect?.toLowerCase() === '100-continue';
}
