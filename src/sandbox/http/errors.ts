/** The one error shape of every sandbox error response (the spec shows none, so we chose it). */
export type ErrorCode =
  | 'missing_token'
  | 'invalid_token'
  | 'invalid_json'
  | 'body_not_object'
  | 'body_too_large'
  | 'call_not_found'
  | 'robot_failed'
  | 'rate_limited'
  | 'injected_failure'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_request'
  | 'headers_too_large'
  | 'bad_request'
  | 'request_timeout'
  | 'unknown_robot'
  | 'internal_error';

export function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } });
}
