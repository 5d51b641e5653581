import { STATUS_CODES, maxHeaderSize, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Scheduler } from '../scheduler.ts';
import { DRAIN_GRACE_MS } from './body.ts';
import { errorBody, type ErrorCode } from './errors.ts';

/**
 * Answers a request Node's HTTP parser refused before any handler saw it (a
 * URL or headers over the size limit, malformed HTTP, a request that took too
 * long). Node's own answer is a bare status line; ours is the sandbox's one
 * error shape, so clients meet the same JSON as for every other error.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  scheduler: Scheduler,
): void {
  // The parser reports the same error again for every later chunk: answer once.
  if (socket.writableEnded || socket.destroyed) return;
  // A response already under way (Node keeps it here) must not get a second
  // status line in its middle; Node's default handler makes the same check.
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const [status, code, message] = describe(error.code);
  const body = errorBody(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'content-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
  // Not destroyed at once: a client still sending (a long URL) would be reset
  // before reading the answer. The socket keeps being read (the parser throws
  // the rest away) until the client closes, or the grace runs out.
  const cancel = scheduler.after(DRAIN_GRACE_MS, () => socket.destroy());
  socket.once('close', cancel);
}

function describe(code: string | undefined): [number, ErrorCode, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'headers_too_large',
        `The request line and headers are over the ${maxHeaderSize}-byte limit; send long arguments as a POST body.`,
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      // Node's choice too: a timeout is not the client's malformed request.
      return [408, 'request_timeout', 'The request was not received in time.'];
    default:
      return [400, 'bad_request', `The request is not valid HTTP (${code ?? 'parse error'}).`];
  }
}
