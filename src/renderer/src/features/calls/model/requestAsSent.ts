import type { Call } from '../../../../../shared/models/call.ts';

export const TOKEN_DOTS = '••••••••';

/**
 * The trigger as it went out, for the detail view: the address (query string
 * included for GET), the headers with the token shown as dots (the window
 * never holds it), and the JSON body of a POST.
 */
export function requestAsSent(call: Pick<Call, 'method' | 'url' | 'args'>): {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | null;
} {
  const headers: Array<[string, string]> = [['x-service-token', TOKEN_DOTS]];
  if (call.method === 'POST') headers.unshift(['content-type', 'application/json']);
  return {
    method: call.method,
    url: call.url ?? '(not sent: the robot had no address to send to)',
    headers,
    body: call.method === 'POST' ? JSON.stringify(call.args, null, 2) : null,
  };
}
