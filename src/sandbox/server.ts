import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { answerClientError } from './http/clientError.ts';
import { plainReply } from './http/reply.ts';
import { ADMIN_PREFIX, handleAdmin } from './routes/admin.ts';
import { QUERY_PREFIX, handleQuery } from './routes/query.ts';
import { TRIGGER_PATH, handleTrigger } from './routes/trigger.ts';
import type { SandboxState } from './state.ts';

/**
 * The HTTP server: routes by path; everything outside /__sandbox/ is logged
 * as a service request. With a key and certificate it speaks https, as a
 * company's service behind a private CA would.
 */
export function createSandboxServer(state: SandboxState, tls?: { key: string; cert: string }): Server {
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    route(state, req, res).catch((error: unknown) => {
      console.error('sandbox: internal error', error);
      if (!res.headersSent) {
        plainReply(res, state.scheduler).error(
          500,
          'internal_error',
          'Internal sandbox error; see the sandbox output.',
        );
      } else {
        res.destroy();
      }
    });
  };
  const server: Server =
    tls === undefined
      ? createServer({ keepAliveTimeout: 10_000 }, handle)
      : createTlsServer({ ...tls, keepAliveTimeout: 10_000 }, handle);
  // Handling checkContinue ourselves means 100 is sent only when we read the
  // body (see http/body.ts): an oversized or unauthorized upload is refused
  // before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
    handle(req, res);
  });
  server.on('clientError', (error: Error, socket) => answerClientError(error, socket, state.scheduler));
  return server;
}

async function route(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const method = req.method ?? 'GET';
  if (path.startsWith(ADMIN_PREFIX)) return handleAdmin(state, req, res, path);

  state.log.add({ method, path: target, headers: req.headers, at: state.now() });
  if (path === TRIGGER_PATH) {
    if (method === 'GET' || method === 'POST') {
      return handleTrigger(state, req, res, method, queryAt === -1 ? '' : target.slice(queryAt + 1));
    }
    return plainReply(res, state.scheduler).error(405, 'method_not_allowed', 'Use POST or GET here.', {
      allow: 'GET, POST',
    });
  }
  if (path.startsWith(QUERY_PREFIX)) {
    if (method === 'GET') return handleQuery(state, req, res, path.slice(QUERY_PREFIX.length));
    return plainReply(res, state.scheduler).error(405, 'method_not_allowed', 'Use GET here.', {
      allow: 'GET',
    });
  }
  plainReply(res, state.scheduler).error(404, 'not_found', `Nothing at ${path} in the robot service.`);
}
