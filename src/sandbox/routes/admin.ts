import type { IncomingMessage, ServerResponse } from 'node:http';
import { addRobot, describeRobots, rotateToken, setFaults } from '../control.ts';
import { readBody } from '../http/body.ts';
import { plainReply, type Reply } from '../http/reply.ts';
import { UnknownRobotError } from '../robots.ts';
import type { SandboxState } from '../state.ts';
import { SandboxValidationError } from '../validation.ts';

export const ADMIN_PREFIX = '/__sandbox/';

/**
 * The sandbox's own control API, outside the service's paths. It has no
 * authentication (it lists tokens): the sandbox binds 127.0.0.1 by default
 * for that reason.
 *
 *   GET  /__sandbox/robots                    list robots with their current tokens
 *   POST /__sandbox/robots                    add or replace a robot (body: a robot definition;
 *                                             without a token, a replaced robot keeps its own)
 *   POST /__sandbox/robots/{name}/rotate-token  new token; the old one stops working at once
 *   PUT  /__sandbox/robots/{name}/faults      replace a robot's faults
 *   GET  /__sandbox/faults, PUT /__sandbox/faults   the global faults
 *   GET  /__sandbox/calls                     every call the sandbox still remembers
 *   POST /__sandbox/calls/{id}/skip-wait      end the call's current wait now (404 if not waiting)
 *   GET  /__sandbox/requests                  the last service requests received
 */
export async function handleAdmin(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const reply = plainReply(res, state.scheduler);
  const parts = path.slice(ADMIN_PREFIX.length).split('/').map(safeDecode);
  const method = req.method ?? 'GET';
  try {
    const [first, name, action, extra] = parts;
    if (first === 'robots' && name === undefined) {
      if (method === 'GET') return ok(reply, { robots: describeRobots(state) });
      if (method === 'POST') return ok(reply, addRobot(state, await jsonBody(state, req, res)));
      return notAllowed(reply, 'GET, POST');
    }
    if (first === 'robots' && name !== undefined && extra === undefined) {
      if (action === 'rotate-token') {
        if (method !== 'POST') return notAllowed(reply, 'POST');
        return ok(reply, { name, token: rotateToken(state, name) });
      }
      if (action === 'faults') {
        if (method !== 'PUT') return notAllowed(reply, 'PUT');
        state.robots.get(name); // 404 before reading the body
        return ok(reply, { faults: setFaults(state, await jsonBody(state, req, res), name) });
      }
    }
    if (first === 'faults' && name === undefined) {
      if (method === 'GET') return ok(reply, { faults: state.globalFaults });
      if (method === 'PUT') return ok(reply, { faults: setFaults(state, await jsonBody(state, req, res)) });
      return notAllowed(reply, 'GET, PUT');
    }
    if (first === 'calls' && name === undefined) {
      if (method !== 'GET') return notAllowed(reply, 'GET');
      return ok(reply, { calls: state.calls.list() });
    }
    if (first === 'calls' && name !== undefined && action === 'skip-wait' && extra === undefined) {
      if (method !== 'POST') return notAllowed(reply, 'POST');
      if (!state.calls.skipWait(name)) {
        return reply.error(
          404,
          'call_not_found',
          'No waiting call with this id; it may have moved on already.',
        );
      }
      return ok(reply, { skipped: true });
    }
    if (first === 'requests' && name === undefined) {
      if (method !== 'GET') return notAllowed(reply, 'GET');
      return ok(reply, { requests: state.log.list() });
    }
    reply.error(404, 'not_found', `No sandbox admin endpoint at ${path}.`);
  } catch (error) {
    if (error instanceof UnknownRobotError) return reply.error(404, 'unknown_robot', error.message);
    if (error instanceof SandboxValidationError) return reply.error(400, 'invalid_request', error.message);
    if (error instanceof BodyTooLarge) {
      return reply.error(413, 'body_too_large', error.message);
    }
    throw error;
  }
}

class BodyTooLarge extends Error {}

async function jsonBody(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const body = await readBody(req, res, state.settings.bodyLimitBytes, state.scheduler);
  if (body.kind === 'too-large') {
    throw new BodyTooLarge(`The request body is over the ${state.settings.bodyLimitBytes}-byte limit.`);
  }
  if (body.kind === 'aborted') throw new SandboxValidationError('the request body was cut off');
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    throw new SandboxValidationError('the request body is not valid JSON');
  }
}

function ok(reply: Reply, value: unknown): void {
  reply.json(200, JSON.stringify(value));
}

function notAllowed(reply: Reply, allow: string): void {
  reply.error(405, 'method_not_allowed', `Use ${allow} here.`, { allow });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
