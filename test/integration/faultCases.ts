import type { ServerResponse } from 'node:http';
import type { CallStateName } from '../../src/shared/models/callStates.ts';
import type { RobotDefinition } from '../../src/sandbox/index.ts';
import type { SeenRequest } from '../support/scriptedService.ts';

/**
 * The fault matrix: what a robot service can do wrong, and what Robot Tray
 * makes of it. One row per case; test/integration/faultMatrix.test.ts runs
 * each against the sandbox or a hostile server, and docs/FAULTS.md is this
 * table in words (a test compares them, so they cannot drift).
 */
export type Handler = (req: SeenRequest, res: ServerResponse) => void;

/** Where the case's robot points, and what answers there. */
export type CaseService =
  /** The hostile server, answering the trigger and the query as scripted (defaults: an id, then WAITING). */
  | { kind: 'scripted'; trigger?: Handler; query?: Handler }
  /** A robot in the sandbox, with its own faults and corners. */
  | { kind: 'sandbox'; robot: Omit<RobotDefinition, 'name'>; coreToken?: string }
  /** One of the test's special places: a closed port, TLS servers, proxies, a service that goes away. */
  | { kind: 'place'; place: Place };

export type Place =
  | 'closed-port'
  | 'dns-failure'
  | 'tls-self-signed'
  | 'tls-expired'
  | 'tls-wrong-host'
  | 'tls-silent'
  | 'proxy-closes-connect'
  | 'proxy-invalid-url'
  | 'proxy-absent'
  | 'service-goes-away';

export type FaultCase = {
  /** Stable name, used in docs/FAULTS.md. */
  id: string;
  /** What the service (or the way to it) does. */
  service: string;
  /** The state the call is in once this case has played out (after its first poll, if it got that far). */
  state: CallStateName;
  /** A stable part of what people read (the call's outcome sentence). */
  words: string;
  /** What the user does next. */
  next: string;
  setup: CaseService;
};

const ID =
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

const html =
  (status: number): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(`<html><body><h1>${status} Bad Gateway</h1><p>nginx</p></body></html>`);
  };
const status =
  (value: unknown, more: Record<string, unknown> = {}): Handler =>
  (_req, res) =>
    send(res, 200, { status: value, ...more });
const reset: Handler = (_req, res) => res.socket?.resetAndDestroy();
const halfThenClose: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"webhookCallId":"w-');
  setImmediate(() => res.socket?.destroy());
};
const silent: Handler = () => undefined;
const headersThenSilence: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
};
/** A byte every 50 ms, for ever: every idle timer is satisfied, only the overall deadline ends it. */
const trickle: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"status":"WAITING","pad":"');
  const timer = setInterval(() => res.write('x'), 50);
  res.on('close', () => clearInterval(timer));
};
const big =
  (bytes: number): Handler =>
  (_req, res) =>
    send(res, 200, { webhookCallId: 'w-big', status: 'DONE', pad: 'x'.repeat(bytes) });
const redirect =
  (code: number): Handler =>
  (_req, res) => {
    res.writeHead(code, { location: 'https://elsewhere.example/moved' });
    res.end();
  };
const withStatus =
  (code: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    send(res, code, body, headers);
const robotError = (message: string) => ({ error: { code: 'x', message } });

const CHECK_FIRST = 'Check on the service whether the robot ran before firing again.';
const WAIT_IT_OUT = 'Nothing: Robot Tray keeps polling until the watch deadline.';

export const faultCases: FaultCase[] = [
  // Nothing reached the service.
  {
    id: 'refused',
    service: 'nothing listens on the port',
    state: 'unreachable',
    words: 'connection refused',
    next: 'Start the service or fix the base URL, then fire again.',
    setup: { kind: 'place', place: 'closed-port' },
  },
  {
    id: 'dns-failure',
    service: 'the host name does not resolve',
    state: 'unreachable',
    words: 'host name not found',
    next: 'Fix the base URL or your DNS, then fire again.',
    setup: { kind: 'place', place: 'dns-failure' },
  },
  {
    id: 'tls-self-signed',
    service: 'TLS with a self-signed certificate',
    state: 'unreachable',
    words: 'self-signed',
    next: 'Trust the certificate (robot-tray doctor), or give the robot its CA file.',
    setup: { kind: 'place', place: 'tls-self-signed' },
  },
  {
    id: 'tls-expired',
    service: 'TLS with an expired certificate',
    state: 'unreachable',
    words: 'expired',
    next: 'Ask the service owner to renew the certificate.',
    setup: { kind: 'place', place: 'tls-expired' },
  },
  {
    id: 'tls-wrong-host',
    service: 'TLS with a certificate for another host',
    state: 'unreachable',
    words: 'other.example',
    next: 'Use the host name the certificate is for in the base URL.',
    setup: { kind: 'place', place: 'tls-wrong-host' },
  },
  {
    id: 'connect-timeout',
    service: 'accepts the connection but never completes the TLS handshake',
    state: 'unreachable',
    words: 'Could not connect to',
    next: 'Check the address and your network, then fire again.',
    setup: { kind: 'place', place: 'tls-silent' },
  },
  {
    id: 'proxy-closes-during-connect',
    service: 'the proxy closes the connection during CONNECT',
    state: 'unreachable',
    words: 'closed the connection before the tunnel',
    next: 'Check the proxy, or whether one is needed, then fire again.',
    setup: { kind: 'place', place: 'proxy-closes-connect' },
  },
  {
    id: 'proxy-invalid-url',
    service: 'the proxy address is not a usable URL (ftp://…)',
    state: 'unreachable',
    words: 'is not a usable http:// or https:// proxy URL',
    next: 'Fix the proxy address (settings, --proxy or HTTPS_PROXY).',
    setup: { kind: 'place', place: 'proxy-invalid-url' },
  },
  {
    id: 'proxy-absent',
    service: 'nothing listens at the proxy address',
    state: 'unreachable',
    words: 'Could not reach the proxy',
    next: 'Fix the proxy address, or whether one is needed.',
    setup: { kind: 'place', place: 'proxy-absent' },
  },
  // The trigger was refused.
  ...(
    [
      [401, 'refused the token (HTTP 401)', 'Generate a new token in the Designer and set it.'],
      [403, 'refused the token (HTTP 403)', 'Generate a new token in the Designer and set it.'],
      [404, 'trigger address was not found', "Fix the robot's base URL."],
      [405, 'rejected the trigger (HTTP 405)', "Check the robot's base URL and method."],
      [413, 'too large (HTTP 413)', 'Send fewer or smaller arguments.'],
      [500, 'had an error (HTTP 500)', 'Try again later.'],
      [503, 'had an error (HTTP 503)', 'Try again later.'],
    ] as const
  ).map(([code, words, next]): FaultCase => ({
    id: `trigger-${code}`,
    service: `answers the trigger HTTP ${code} with a JSON error`,
    state: 'rejected',
    words,
    next,
    setup: { kind: 'scripted', trigger: withStatus(code, robotError('said no')) },
  })),
  {
    id: 'trigger-429-seconds',
    service: 'answers the trigger 429 with Retry-After: 30',
    state: 'rejected',
    words: 'rate limiting Robot Tray (HTTP 429)',
    next: 'Wait a little, then fire again.',
    setup: { kind: 'scripted', trigger: withStatus(429, robotError('slow down'), { 'retry-after': '30' }) },
  },
  {
    id: 'trigger-429-date',
    service: 'answers the trigger 429 with an HTTP-date Retry-After',
    state: 'rejected',
    words: 'rate limiting Robot Tray (HTTP 429)',
    next: 'Wait a little, then fire again.',
    setup: {
      kind: 'scripted',
      trigger: withStatus(429, robotError('slow down'), { 'retry-after': 'Wed, 21 Oct 2099 07:28:00 GMT' }),
    },
  },
  {
    id: 'trigger-502-html',
    service: 'answers the trigger 502 with an HTML error page',
    state: 'rejected',
    words: 'had an error (HTTP 502)',
    next: 'Try again later.',
    setup: { kind: 'scripted', trigger: html(502) },
  },
  {
    id: 'trigger-redirect',
    service: 'answers the trigger 302 to another host',
    state: 'rejected',
    words: 'never follows redirects with a token',
    next: "If the service moved, update the robot's base URL.",
    setup: { kind: 'scripted', trigger: redirect(302) },
  },
  {
    id: 'sandbox-invalid-token',
    service: 'the sandbox does not know the token (rotated)',
    state: 'rejected',
    words: 'refused the token (HTTP 401)',
    next: 'Generate a new token in the Designer and set it.',
    setup: { kind: 'sandbox', robot: { flow: [] }, coreToken: 'an-old-token-the-service-forgot' },
  },
  {
    id: 'sandbox-trigger-429',
    service: 'the sandbox rate-limits the trigger (tooManyRequests)',
    state: 'rejected',
    words: 'HTTP 429',
    next: 'Wait a little, then fire again.',
    setup: {
      kind: 'sandbox',
      robot: { flow: [], faults: { trigger: { tooManyRequests: { rate: 1, retryAfterSeconds: 5 } } } },
    },
  },
  // The trigger may have started the robot, but the run cannot be followed.
  {
    id: 'trigger-reset',
    service: 'resets the connection after reading the trigger, before answering',
    state: 'unknown',
    words: 'may or may not have started',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: reset },
  },
  {
    id: 'trigger-half-answer',
    service: 'writes half the answer, then closes',
    state: 'unknown',
    words: 'may or may not have started',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: halfThenClose },
  },
  {
    id: 'sandbox-drop-before',
    service: 'the sandbox destroys the socket before answering (drop, before)',
    state: 'unknown',
    words: 'may or may not have started',
    next: CHECK_FIRST,
    setup: {
      kind: 'sandbox',
      robot: { flow: [], faults: { trigger: { drop: { rate: 1, stage: 'before' } } } },
    },
  },
  {
    id: 'sandbox-drop-after',
    service: 'the sandbox starts the robot, then drops the answer halfway (drop, after)',
    state: 'unknown',
    words: 'may or may not have started',
    next: CHECK_FIRST,
    setup: {
      kind: 'sandbox',
      robot: { flow: [], faults: { trigger: { drop: { rate: 1, stage: 'after' } } } },
    },
  },
  {
    id: 'trigger-headers-timeout',
    service: 'reads the trigger and never answers',
    state: 'unknown',
    words: 'took too long to answer the trigger',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: silent },
  },
  {
    id: 'trigger-body-timeout',
    service: 'sends the headers of its answer, then nothing',
    state: 'unknown',
    words: 'took too long to answer the trigger',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: headersThenSilence },
  },
  {
    id: 'trigger-trickle',
    service: 'trickles its answer a byte at a time, for ever',
    state: 'unknown',
    words: 'did not finish answering the trigger',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: trickle },
  },
  {
    id: 'trigger-empty-body',
    service: 'answers 200 with an empty body',
    state: 'unknown',
    words: 'is not JSON: (empty)',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: withStatus(200, '') },
  },
  {
    id: 'trigger-invalid-json',
    service: 'answers 200 with text that is not JSON',
    state: 'unknown',
    words: 'is not JSON: OK',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: withStatus(200, 'OK, started') },
  },
  {
    id: 'trigger-array',
    service: 'answers 200 with a JSON array',
    state: 'unknown',
    words: 'is JSON but not an object',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: withStatus(200, ['w-1']) },
  },
  {
    id: 'trigger-missing-id',
    service: 'answers 200 without a webhookCallId',
    state: 'unknown',
    words: 'has no webhookCallId string',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: withStatus(200, { ok: true }) },
  },
  {
    id: 'trigger-numeric-id',
    service: 'answers a numeric webhookCallId',
    state: 'unknown',
    words: 'has no webhookCallId string',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: withStatus(200, { webhookCallId: 12345 }) },
  },
  {
    id: 'trigger-empty-id',
    service: 'answers an empty webhookCallId',
    state: 'unknown',
    words: 'the webhookCallId it returned is empty',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: ID('') },
  },
  {
    id: 'trigger-huge-id',
    service: 'answers a webhookCallId of 100,000 characters',
    state: 'unknown',
    words: "more than Robot Tray's limit of 2,048",
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: ID('w'.repeat(100_000)) },
  },
  {
    id: 'trigger-dots-id',
    service: 'answers the webhookCallId ".."',
    state: 'unknown',
    words: 'is only dots',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: ID('..') },
  },
  {
    id: 'trigger-lone-surrogate-id',
    service: 'answers a webhookCallId holding a lone UTF-16 surrogate',
    state: 'unknown',
    words: 'lone UTF-16 surrogate',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: ID('w-\uD800') },
  },
  {
    id: 'trigger-oversize',
    service: 'answers the trigger with 2 MiB (the cap is 1 MiB)',
    state: 'unknown',
    words: 'larger than 1 MiB',
    next: CHECK_FIRST,
    setup: { kind: 'scripted', trigger: big(2 * 1024 * 1024) },
  },
  // Accepted, then the query says something.
  {
    id: 'trigger-bom',
    service: 'answers the trigger and query with a UTF-8 byte-order mark',
    state: 'done',
    words: 'Done.',
    next: 'Nothing: the answer is read.',
    setup: {
      kind: 'scripted',
      trigger: (_req, res) => send(res, 200, '\uFEFF{"webhookCallId":"w-bom"}'),
      query: (_req, res) => send(res, 200, '\uFEFF{"status":"DONE","response":{"ok":true}}'),
    },
  },
  {
    id: 'id-with-url-characters',
    service: 'answers the webhookCallId "a/../b?c#d" (queried as one encoded segment)',
    state: 'done',
    words: 'Done.',
    next: 'Nothing: such ids are encoded, never followed.',
    setup: {
      kind: 'scripted',
      trigger: ID('a/../b?c#d'),
      query: (req, res) =>
        req.url.endsWith('/webhookResponse/a%2F%2E%2E%2Fb%3Fc%23d')
          ? send(res, 200, { status: 'DONE', response: { ok: true } })
          : send(res, 404, robotError(`wrong path ${req.url}`)),
    },
  },
  {
    id: 'done-without-response',
    service: 'answers DONE without a response',
    state: 'done',
    words: 'sent no response object',
    next: 'Check the robot has a Respond action.',
    setup: { kind: 'scripted', query: status('DONE') },
  },
  {
    id: 'done-non-object-response',
    service: 'answers DONE with a response that is text',
    state: 'done',
    words: 'its response is a string, not an object',
    next: "Read the response as it is; tell the robot's author.",
    setup: { kind: 'scripted', query: status('DONE', { response: 'finished' }) },
  },
  {
    id: 'sandbox-slow-body',
    service: 'the sandbox sends the answer slowly, but within the deadline (slowBody)',
    state: 'done',
    words: 'Done.',
    next: 'Nothing.',
    setup: {
      kind: 'sandbox',
      robot: {
        flow: [{ type: 'respond', echo: true }],
        faults: { query: { slowBody: { chunkBytes: 8, intervalMs: 5 } } },
      },
    },
  },
  {
    id: 'status-failed',
    service: 'answers {"status":"FAILED","error":{"message":…}}',
    state: 'failed',
    words: 'The robot said: disk full',
    next: 'Fix what the robot reports, then fire again.',
    setup: { kind: 'scripted', query: status('FAILED', { error: { message: 'disk full' } }) },
  },
  {
    id: 'status-error-lowercase',
    service: 'answers status "error" (lowercase)',
    state: 'failed',
    words: 'Failed: the service reported the run error',
    next: 'Fix what the robot reports, then fire again.',
    setup: { kind: 'scripted', query: status('error') },
  },
  {
    id: 'sandbox-failed-run',
    service: "the sandbox's own failed run (FAILED with the robot's message)",
    state: 'failed',
    words: 'The robot said: out of paper',
    next: 'Fix what the robot reports, then fire again.',
    setup: { kind: 'sandbox', robot: { flow: [{ type: 'fail', message: 'out of paper' }] } },
  },
  {
    id: 'status-unknown',
    service: 'answers status "PAUSED"',
    state: 'unexpected',
    words: 'does not know ("PAUSED")',
    next: 'Read the raw answer (status --json); resume the call when it should go on.',
    setup: { kind: 'scripted', query: status('PAUSED') },
  },
  {
    id: 'status-lowercase-done',
    service: 'answers status "done" (lowercase; the spec says DONE)',
    state: 'unexpected',
    words: 'does not know ("done")',
    next: 'Read the raw answer; tell the service owner the spec says DONE.',
    setup: { kind: 'scripted', query: status('done', { response: {} }) },
  },
  {
    id: 'status-huge',
    service: 'answers a status of 5 MB',
    state: 'unexpected',
    words: '(5,000,000 characters)',
    next: 'Read the raw answer in the call detail.',
    setup: { kind: 'scripted', query: status('S'.repeat(5_000_000)) },
  },
  {
    id: 'sandbox-finished-status',
    service: 'the sandbox answers FINISHED after a run ends without responding',
    state: 'unexpected',
    words: 'does not know ("FINISHED")',
    next: 'Check the robot has a Respond action.',
    setup: { kind: 'sandbox', robot: { flow: [{ type: 'finish' }], afterNoResponse: 'finished-status' } },
  },
  {
    id: 'query-404',
    service: 'answers the query 404',
    state: 'expired',
    words: 'Expired: the service no longer knows this run',
    next: 'Fire again if the result is still needed.',
    setup: { kind: 'scripted', query: withStatus(404, robotError('call_not_found')) },
  },
  {
    id: 'sandbox-not-found-after-run',
    service: 'the sandbox forgets a run that ended without responding (not-found)',
    state: 'expired',
    words: 'Expired',
    next: 'Fire again if the result is still needed.',
    setup: { kind: 'sandbox', robot: { flow: [{ type: 'finish' }], afterNoResponse: 'not-found' } },
  },
  {
    id: 'query-401',
    service: 'refuses the status query (401)',
    state: 'stopped',
    words: 'refused the status query (HTTP 401)',
    next: "Check the robot's token and whether queries send it, then resume.",
    setup: { kind: 'scripted', query: withStatus(401, robotError('no')) },
  },
  {
    id: 'query-redirect',
    service: 'answers the query 301 to another host',
    state: 'stopped',
    words: 'never follows redirects',
    next: "If the service moved, update the robot's base URL, then resume.",
    setup: { kind: 'scripted', query: redirect(301) },
  },
  {
    id: 'query-oversize',
    service: 'answers the query with 7 MiB (the test sets the cap to 6 MiB)',
    state: 'stopped',
    words: "larger than 6 MiB, Robot Tray's limit",
    next: 'Raise the query answer limit if this is expected, then resume.',
    setup: { kind: 'scripted', query: big(7 * 1024 * 1024) },
  },
  // Transient: the call keeps waiting, the failure is shown.
  {
    id: 'query-503',
    service: 'answers the query 503',
    state: 'waiting',
    words: 'cannot check on it: the last poll failed. The service had an error (HTTP 503)',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: withStatus(503, robotError('maintenance')) },
  },
  {
    id: 'query-502-html',
    service: 'answers the query 502 with an HTML page',
    state: 'waiting',
    words: 'had an error (HTTP 502)',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: html(502) },
  },
  {
    id: 'query-429-absurd',
    service: 'answers the query 429 with Retry-After: 99999999999',
    state: 'waiting',
    words: 'rate limiting Robot Tray (HTTP 429)',
    next: 'Nothing: the next poll waits, but never past the watch deadline.',
    setup: {
      kind: 'scripted',
      query: withStatus(429, robotError('later'), { 'retry-after': '99999999999' }),
    },
  },
  {
    id: 'query-429-date',
    service: 'answers the query 429 with an HTTP-date Retry-After',
    state: 'waiting',
    words: 'rate limiting Robot Tray (HTTP 429)',
    next: WAIT_IT_OUT,
    setup: {
      kind: 'scripted',
      query: withStatus(429, robotError('later'), { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }),
    },
  },
  {
    id: 'query-invalid-json',
    service: 'answers the query with text that is not JSON',
    state: 'waiting',
    words: 'is not JSON',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: withStatus(200, 'maintenance') },
  },
  {
    id: 'query-no-status',
    service: 'answers the query without a status field',
    state: 'waiting',
    words: 'has no "status" text field',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: withStatus(200, { state: 'DONE' }) },
  },
  {
    id: 'query-reset',
    service: 'resets the connection on the query',
    state: 'waiting',
    words: 'broke during the query',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: reset },
  },
  {
    id: 'query-headers-timeout',
    service: 'never answers the query',
    state: 'waiting',
    words: 'took too long to answer the query',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: silent },
  },
  {
    id: 'query-trickle',
    service: 'trickles the query answer a byte at a time, for ever',
    state: 'waiting',
    words: 'did not finish answering the query',
    next: WAIT_IT_OUT,
    setup: { kind: 'scripted', query: trickle },
  },
  {
    id: 'sandbox-query-503',
    service: 'the sandbox fails every query with 503 (serverError)',
    state: 'waiting',
    words: 'HTTP 503',
    next: WAIT_IT_OUT,
    setup: {
      kind: 'sandbox',
      robot: {
        flow: [{ type: 'wait', ms: 60_000 }],
        faults: { query: { serverError: { rate: 1, status: 503 } } },
      },
    },
  },
  {
    id: 'sandbox-failed-http-500',
    service: 'the sandbox answers 500 after a failed run (afterFailure http-500)',
    state: 'waiting',
    words: 'had an error (HTTP 500)',
    next: 'Stop watching once the failure is clear; fire again when fixed.',
    setup: { kind: 'sandbox', robot: { flow: [{ type: 'fail', message: 'x' }], afterFailure: 'http-500' } },
  },
  {
    id: 'service-goes-away',
    service: 'accepts the trigger, then stops listening while the call waits',
    state: 'waiting',
    words: 'cannot check on it: the last poll failed. Could not reach',
    next: 'Start the service again; Robot Tray picks the run up at its next poll.',
    setup: { kind: 'place', place: 'service-goes-away' },
  },
];

/** The table as docs/FAULTS.md shows it. */
export function faultsMarkdown(cases: readonly FaultCase[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = cases.map(
    (c) => `| \`${c.id}\` | ${cell(c.service)} | \`${c.state}\` | ${cell(c.words)} | ${cell(c.next)} |`,
  );
  return [
    '# Fault matrix',
    '',
    'What Robot Tray makes of each way a robot service (or the way to it) can fail. Every row is a case',
    'of `test/integration/faultMatrix.test.ts`, run against the sandbox or a hostile test server with',
    'short timeouts and a fake clock: the call ends in the state shown, its outcome sentence holds the',
    'words shown, while another call to the sandbox is served to `done` alongside. This file is',
    "generated from the test's table (`test/integration/faultCases.ts`) and a test fails when they",
    'differ; regenerate it with `FAULTS_WRITE=1 npx vitest run test/integration/faultMatrix.test.ts`.',
    '',
    'A `waiting` row is a transient failure: the call keeps being polled until its watch deadline,',
    "and the window, the tray and the CLI show the last poll's failure.",
    '',
    '| case | what the service does | state | words | what the user does next |',
    '| ---- | --------------------- | ----- | ----- | ----------------------- |',
    ...rows,
    '',
  ].join('\n');
}
