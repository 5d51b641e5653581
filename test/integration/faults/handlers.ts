import type { ServerResponse } from 'node:http';
import type { Handler } from './caseTypes.ts';

/** How the hostile server misbehaves, one answer at a time. */
export const ID =
  (id: string): Handler =>
  (_req, res) =>
    send(res, 200, { webhookCallId: id });

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export const html =
  (status: number): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body><h1>${status} Bad Gateway</h1><p>nginx</p></body></html>`);
  };
export const status =
  (value: unknown, more: Record<string, unknown> = {}): Handler =>
  (_req, res) =>
    send(res, 200, { status: value, ...more });
export const reset: Handler = (_req, res) => res.socket?.resetAndDestroy();
export const halfThenClose: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"webhookCallId":"w-');
  setImmediate(() => res.socket?.destroy());
};
export const silent: Handler = () => undefined;
export const headersThenSilence: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
};
/** A byte every 50 ms, for ever: every idle timer is satisfied, only the overall deadline ends it. */
export const trickle: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"status":"WAITING","pad":"');
  const timer = setInterval(() => res.write('x'), 50);
  res.on('close', () => clearInterval(timer));
};
export const big =
  (bytes: number): Handler =>
  (_req, res) =>
    send(res, 200, { webhookCallId: 'w-big', status: 'DONE', pad: 'x'.repeat(bytes) });
export const redirect =
  (code: number): Handler =>
  (_req, res) => {
    res.writeHead(code, { location: 'https://elsewhere.example/moved' });
    res.end();
  };
export const withStatus =
  (code: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    send(res, code, body, headers);
export const robotError = (message: string) => ({ error: { code: 'x', message } });

export const CHECK_FIRST = 'Check on the service whether the robot ran before firing again.';
export const WAIT_IT_OUT = 'Nothing: Robot Tray keeps polling until the watch deadline.';
