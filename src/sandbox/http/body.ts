import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scheduler } from '../scheduler.ts';
import { expectsContinue } from './reply.ts';

export type BodyResult = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Past the cap we stop keeping the body but go on reading (and discarding)
 * it, and the 413 leaves the connection open: closing a socket while the
 * client is still uploading makes the kernel reset it, and the client then
 * sees EPIPE or ECONNRESET instead of our answer. A client that reads the 413
 * stops sending (undici and curl do at once); one that keeps sending is cut
 * off this long after the 413 went out. A time, not a byte count: over
 * loopback a client can have many MiB in flight before it reads anything.
 */
export const DRAIN_GRACE_MS = 5_000;

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the
 * limit is refused before reading; with `Expect: 100-continue` the client
 * then never sends the body at all (we send 100 only for bodies we accept).
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  scheduler: Scheduler,
): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    // Without a 100 the client waits and will not send the body.
    if (!expectsContinue(req)) drain(req, res, scheduler);
    return Promise.resolve({ kind: 'too-large' });
  }
  if (expectsContinue(req)) {
    res.shouldKeepAlive = true;
    res.writeContinue();
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        drain(req, res, scheduler);
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => resolve({ kind: 'ok', text: Buffer.concat(chunks, size).toString('utf8') });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}

/** Discards the rest of the body; see DRAIN_GRACE_MS for when a client that keeps sending is cut off. */
function drain(req: IncomingMessage, res: ServerResponse, scheduler: Scheduler): void {
  req.resume();
  let cancel: (() => void) | undefined;
  const stop = (): void => cancel?.();
  req.once('end', stop);
  req.once('close', stop);
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    cancel = scheduler.after(DRAIN_GRACE_MS, () => req.socket.destroy());
  });
}
