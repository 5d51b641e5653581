import type { IncomingMessage, ServerResponse } from 'node:http';
import { effectiveFaults } from '../faults.ts';
import { passFaultGate } from '../http/faultGate.ts';
import { createReply } from '../http/reply.ts';
import { NOT_FOUND_VIEW } from '../results.ts';
import type { SandboxState } from '../state.ts';
import { checkToken } from './auth.ts';

export const QUERY_PREFIX = '/prod/1/customer/robot/webhookResponse/';

/**
 * GET /prod/1/customer/robot/webhookResponse/{webhookCallId}. The id is one
 * path segment: anything with a further `/` is not a call. Unknown and
 * expired ids are 404. With queryRequiresToken (the spec leaves the query's
 * authentication open) the token must be that of the call's robot; another
 * robot's valid token gets the same 404 as an unknown id.
 */
export async function handleQuery(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  rawId: string,
): Promise<void> {
  const id = decodeSegment(rawId);
  const known = id === undefined ? undefined : state.calls.get(id);
  const robot = known === undefined ? undefined : state.robots.find(known.robot);
  const faults = effectiveFaults(state.globalFaults, robot?.faults, 'query');
  const delivery = await passFaultGate(res, faults, state);
  if (delivery === undefined) return;
  const reply = createReply(res, delivery, state.scheduler);

  if (state.settings.queryRequiresToken) {
    const auth = checkToken(req, state.robots);
    if (!auth.ok) return reply.error(401, auth.code, auth.message);
    if (known !== undefined && auth.robot.name !== known.robot) {
      return reply.json(NOT_FOUND_VIEW.statusCode, NOT_FOUND_VIEW.body);
    }
  }
  // Looked up again: the call may have expired during injected latency.
  const call = id === undefined ? undefined : state.calls.get(id);
  const view = call?.view ?? NOT_FOUND_VIEW;
  reply.json(view.statusCode, view.body);
}

function decodeSegment(raw: string): string | undefined {
  if (raw === '' || raw.includes('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
