import type { IncomingMessage, ServerResponse } from 'node:http';
import { runFlow } from '../flow.ts';
import { effectiveFaults } from '../faults.ts';
import { bodyArgs, queryArgs } from '../http/args.ts';
import { readBody } from '../http/body.ts';
import { passFaultGate } from '../http/faultGate.ts';
import { createReply } from '../http/reply.ts';
import type { Args } from '../responses.ts';
import type { SandboxState } from '../state.ts';
import { checkToken, robotOfRequest } from './auth.ts';

export const TRIGGER_PATH = '/main/public/webhook/request';

/**
 * POST and GET /main/public/webhook/request. Order: faults, token (401),
 * body (413, 400), then the robot starts and the answer carries its
 * webhookCallId with the configured success status (200 by default).
 */
export async function handleTrigger(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  method: 'GET' | 'POST',
  rawQuery: string,
): Promise<void> {
  const faultRobot = robotOfRequest(req, state.robots);
  const faults = effectiveFaults(state.globalFaults, faultRobot?.faults, 'trigger');
  const delivery = await passFaultGate(res, faults, state);
  if (delivery === undefined) return;
  const reply = createReply(res, delivery, state.scheduler);

  const before = checkToken(req, state.robots);
  if (!before.ok) return reply.error(401, before.code, before.message);

  let args: Args;
  if (method === 'GET') {
    args = queryArgs(rawQuery);
  } else {
    const body = await readBody(req, res, state.settings.bodyLimitBytes, state.scheduler);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too-large') {
      return reply.error(
        413,
        'body_too_large',
        `The request body is over the ${state.settings.bodyLimitBytes}-byte limit; send fewer or smaller arguments.`,
      );
    }
    const parsed = bodyArgs(body.text);
    if (!parsed.ok) {
      const message =
        parsed.code === 'invalid_json'
          ? 'The request body is not valid JSON; send a JSON object of arguments.'
          : 'The request body must be a JSON object whose keys are argument names.';
      return reply.error(400, parsed.code, message);
    }
    args = parsed.args;
  }

  // Checked again now the body is in: a token rotated meanwhile stops working at once.
  const auth = checkToken(req, state.robots);
  if (!auth.ok) return reply.error(401, auth.code, auth.message);
  const robot = auth.robot;
  const call = state.calls.create(robot.name, method, args, {
    afterNoResponse: robot.afterNoResponse ?? state.settings.afterNoResponse,
    afterFailure: robot.afterFailure ?? state.settings.afterFailure,
  });
  runFlow(call, robot.flow, state);
  reply.json(state.settings.triggerStatus, JSON.stringify({ webhookCallId: call.webhookCallId }));
}
