import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { json, startScriptedService, type SeenRequest } from '../support/scriptedService.ts';

const TOKEN = 'hostile-cli-token-0123456789';
// Characters a terminal acts on (all but \n), as the CLI must never print them raw.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** The real bin against a hostile service: terminal escapes, answers that never come, huge stdin. */
describe('robot-tray against a hostile service', () => {
  let h: CliHarness;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    h = await CliHarness.open();
    h.secrets.add(TOKEN);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await h?.close();
  });

  async function robotOn(name: string, respond: (req: SeenRequest, res: ServerResponse) => void) {
    const svc = await startScriptedService(respond);
    closers.push(svc.close);
    const core = await h.core();
    const robot = await core.createRobot({ name, baseUrl: svc.url });
    await core.setToken(robot.id, TOKEN);
    return svc;
  }

  test('control characters from the service are shown escaped to people and exact in --json', async () => {
    const status = 'BAD\u001b]0;owned\u0007\r\u009b2J';
    await robotOn('Escapes', (req, res) =>
      req.method === 'POST' ? json(res, 200, { webhookCallId: 'w1' }) : json(res, 200, { status }),
    );
    const result = await h.run(['fire', 'Escapes', '--wait']);
    expect(result.code).toBe(6);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toContain('BAD\\u001b]0;owned\\u0007\\u000d\\u009b2J');
    const [call] = await h.json<Call[]>(['calls', '--robot', 'Escapes']);
    expect(call!.rawStatus).toBe(status);
    const shown = await h.run(['status', call!.id]);
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
    expect(shown.stdout).toContain('BAD\\u001b]0;owned');
  });

  test('a 5 MB status is shown cut, with its length, by fire --wait and status; --json keeps the whole answer', async () => {
    const status = 'Q'.repeat(5_000_000);
    await robotOn('Verbose', (req, res) =>
      req.method === 'POST' ? json(res, 200, { webhookCallId: 'w-verbose' }) : json(res, 200, { status }),
    );
    const fired = await h.run(['fire', 'Verbose', '--wait']);
    expect(fired.code).toBe(6);
    expect(fired.stderr.length).toBeLessThan(1_000);
    expect(fired.stderr).toContain('… (5,000,000 characters)');
    // A list never carries responses; status --json has the whole answer.
    const [listed] = await h.json<Call[]>(['calls', '--robot', 'Verbose']);
    // status exits by the call's state (6, unexpected), so it is read as it is.
    const call = JSON.parse((await h.run(['status', listed!.id, '--json'])).stdout) as Call;
    expect(call.rawStatus!.length).toBe(1_000);
    expect((call.response as { status: string }).status).toHaveLength(5_000_000);
    // The call's fields are cut; the answer itself follows them whole, as data on a pipe.
    const shown = await h.run(['status', call.id]);
    const stateLine = shown.stdout.split('\n').find((line) => line.startsWith('state'));
    expect(stateLine).toMatch(/^state\s+unexpected \(service said "Q+… \(5,000,000 characters\)"\)$/);
    expect(stateLine!.length).toBeLessThan(200);
  });

  test('a response with numbers beyond 2^53 is printed with every digit, by fire --wait and by status', async () => {
    await robotOn('Ledger', (req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-ledger' })
        : res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"status":"DONE","response":{"entry":98765432109876543210,"fee":0.30000000000000000004}}'),
    );
    const fired = await h.run(['fire', 'Ledger', '--wait']);
    expect(fired.code).toBe(0);
    expect(fired.stdout).toBe('{\n  "entry": 98765432109876543210,\n  "fee": 0.30000000000000000004\n}\n');
    const [call] = await h.json<Call[]>(['calls', '--robot', 'Ledger']);
    expect((await h.run(['status', call!.id])).stdout).toContain('"entry": 98765432109876543210');
  });

  test('--timeout ends the command on time when the trigger is never answered; the call is unknown', async () => {
    await robotOn('Silent', () => undefined);
    const result = await h.run(['fire', 'Silent', '--wait', '--timeout', '3', '--json']);
    const call = JSON.parse(result.stdout) as Call;
    expect(call.state).toBe('unknown');
    expect(result.code).toBe(6);
    expect(call.error?.message).toMatch(/may or may not have started/);
    expect((await h.core()).getCall(call.id).state).toBe('unknown');
  }, 20_000);

  test('Ctrl+C while the trigger is in flight aborts it: exit 130, the call unknown, not left sending', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    await robotOn('Hanging', () => arrived());
    const running = h.start(['fire', 'Hanging', '--json']);
    running.child.stdin.end();
    await reached;
    running.child.kill('SIGINT');
    const result = await running.done;
    expect(result.code).toBe(130);
    const call = JSON.parse(result.stdout) as Call;
    expect((await h.core()).getCall(call.id).state).toBe('unknown');
  }, 20_000);

  test('stdin far larger than a token is refused without reading it all', async () => {
    const core = await h.core();
    await core.createRobot({ name: 'Huge', baseUrl: 'https://huge.example' });
    const running = h.start(['token', 'set', 'Huge']);
    // The command stops reading early, by design: the rest of the write meets a closed pipe.
    running.child.stdin.on('error', () => undefined);
    running.child.stdin.end('x'.repeat(1024 * 1024));
    const result = await running.done;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/more than 64 KiB, far more than a token/);
    expect((await core.tokenStatus((await core.getRobot('Huge')).id)).hasToken).toBe(false);
  });

  test('no token ever appeared in any output', async () => {
    await h.assertNoSecretLeaked();
  });
});
