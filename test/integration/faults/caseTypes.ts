import type { ServerResponse } from 'node:http';
import type { CallStateName } from '../../../src/shared/models/callStates.ts';
import type { RobotDefinition } from '../../../src/sandbox/index.ts';
import type { SeenRequest } from '../../support/scriptedService.ts';

/**
 * The fault matrix's rows: what a robot service can do wrong, and what Robot
 * Tray makes of it. test/integration/faultMatrix.test.ts runs each against
 * the sandbox or a hostile server, and docs/FAULTS.md is the table in words
 * (a test compares them, so they cannot drift).
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
    "generated from the test's table (`test/integration/faults/`) and a test fails when they",
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
