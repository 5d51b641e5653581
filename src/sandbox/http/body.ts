import type { IncomingMessage, ServerResponse } from 'node:http';
import { expectsContinue } from './reply.ts';

export type BodyResult = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Past the cap we stop keeping the body but go on reading (and discarding) it
 * for a while, so the client gets to read our 413 instead of a reset
 * connection; a client that keeps sending beyond this is cut off.
 */
const DRAIN_FACTOR = 8;

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the
 * limit is refused before reading; with `Expect: 100-continue` the client
 * then never sends the body at all (we send 100 only for bodies we accept).
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    drain(req, limit);
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
        drain(req, limit);
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

function drain(req: IncomingMessage, limit: number): void {
  if (expectsContinue(req)) return; // the client waits for 100 and will not send the body
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit * DRAIN_FACTOR) req.socket.destroy();
  });
  req.resume();
}
