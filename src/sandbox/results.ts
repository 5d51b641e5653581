import { errorBody } from './http/errors.ts';
import type { AfterFailure, AfterNoResponse } from './schema.ts';

/** What the query endpoint answers for a call: a status code and a ready JSON body. */
export type QueryView = { statusCode: number; body: string };

export const WAITING_VIEW: QueryView = { statusCode: 200, body: '{"status":"WAITING"}' };

export const NOT_FOUND_VIEW: QueryView = {
  statusCode: 404,
  body: errorBody('call_not_found', 'No webhook call with this id (unknown, or its result has expired).'),
};

// Serialized once per response object: every call of the 5 MB demo robot
// shares one generated object, so they share one body string too.
const doneBodies = new WeakMap<object, string>();

export function doneView(response: Record<string, unknown>): QueryView {
  let body = doneBodies.get(response);
  if (body === undefined) {
    body = `{"status":"DONE","response":${JSON.stringify(response)}}`;
    doneBodies.set(response, body);
  }
  return { statusCode: 200, body };
}

/** After a run that ended without "Respond to webhook" (unspecified by the spec; see schema.ts). */
export function noResponseView(mode: AfterNoResponse): QueryView {
  switch (mode) {
    case 'waiting':
      return WAITING_VIEW;
    case 'done-empty':
      return { statusCode: 200, body: '{"status":"DONE","response":{}}' };
    case 'finished-status':
      return { statusCode: 200, body: '{"status":"FINISHED"}' };
    case 'not-found':
      return NOT_FOUND_VIEW;
  }
}

/** After a failed run (unspecified by the spec; see schema.ts). */
export function failureView(mode: AfterFailure, message: string): QueryView {
  switch (mode) {
    case 'failed-status':
      return { statusCode: 200, body: JSON.stringify({ status: 'FAILED', error: { message } }) };
    case 'waiting':
      return WAITING_VIEW;
    case 'http-500':
      return { statusCode: 500, body: errorBody('robot_failed', `The robot's run failed: ${message}`) };
    case 'not-found':
      return NOT_FOUND_VIEW;
  }
}
