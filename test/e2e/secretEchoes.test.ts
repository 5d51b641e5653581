import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RobotTrayApi } from '../../src/shared/ipc/api.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { json, startScriptedService, type SeenRequest } from '../support/scriptedService.ts';
import { openAppWindow, requireBuiltRenderer, type AppWindow } from '../support/windowHarness.ts';

/**
 * Canaries: a service that echoes back every secret a call carried (its
 * token, in three spellings, and its arguments, secret fields included),
 * and a run of separate robot-tray processes that fire, rotate or clear the
 * token, and read the answer in another process. No secret may be found
 * afterwards in any file of the data folder (SQLite, its WAL), in any
 * command's output (status, report, diff, calls, curl), in a saved call, or
 * in the window reading the same data folder.
 */

const OLD = 'Canary-OLD-token-7Qe2+/xZ';
const NEW = 'Canary-NEW-token-9Lp4+/wY';
const ENV = 'Canary-ENV-token-3Hk8+/vX';
const PIN = 'pin-5531-Canary';
const APP_PIN = 'pin-8842-Canary';
const SECRETS = [OLD, NEW, ENV, PIN, APP_PIN];

/** Every spelling a service could send a secret back in: a canary must be found in none. */
function spellings(secret: string): string[] {
  const base64 = Buffer.from(secret).toString('base64').replace(/=+$/, '');
  return [secret, encodeURIComponent(secret), base64, base64.replace(/\+/g, '-').replace(/\//g, '_')];
}

function leaks(text: string): string[] {
  return SECRETS.flatMap((secret) => spellings(secret).filter((form) => text.includes(form)));
}

/** Each trigger's token and body, echoed in every status answer for its call. */
async function echoingService() {
  const triggers: Array<{ token: string; body: string }> = [];
  return startScriptedService((req: SeenRequest, res: ServerResponse) => {
    const token = String(req.headers['x-service-token'] ?? '');
    if (req.url.includes('/webhook/request')) {
      triggers.push({ token, body: req.body });
      json(res, 200, { webhookCallId: `w${triggers.length}`, echo: `x-service-token: ${token}` });
      return;
    }
    const n = Number(/\/w(\d+)$/.exec(req.url)?.[1]);
    const trigger = triggers[n - 1];
    if (trigger === undefined) return json(res, 404, { error: 'unknown run' });
    json(res, 200, {
      status: 'DONE',
      response: {
        token: trigger.token,
        percent: encodeURIComponent(trigger.token),
        basic: Buffer.from(`robot:${trigger.token}`).toString('base64'),
        base64: Buffer.from(trigger.token).toString('base64'),
        args: JSON.parse(trigger.body || '{}') as unknown,
        queriedWith: token,
      },
    });
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('a secret echoed by the service is kept nowhere, whichever process reads the answer', () => {
  let h: CliHarness;
  let service: Awaited<ReturnType<typeof echoingService>>;
  const outputs: string[] = [];
  const calls: Record<string, string> = {};

  const cli = async (args: string[], options: { input?: string; env?: Record<string, string> } = {}) => {
    const result = await h.run(args, options);
    outputs.push(result.stdout, result.stderr);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return result;
  };
  const fired = async (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    (JSON.parse((await cli([...args, '--json'], options)).stdout) as { id: string }).id;

  beforeAll(async () => {
    h = await CliHarness.open();
    for (const secret of SECRETS) h.secrets.add(secret);
    service = await echoingService();
    await cli(['robot', 'add', 'Rotated', '--base-url', service.url]);
    await cli(['token', 'set', 'Rotated'], { input: OLD });
    // Fired with OLD; the token is set anew before another process reads the answer.
    calls.rotated = await fired(['fire', 'Rotated', '--arg', 'n:=1']);
    await cli(['token', 'set', 'Rotated'], { input: NEW });
    await cli(['status', calls.rotated, '--wait', '--timeout', '60']);
    // Fired with NEW; cleared before the answer is read, which then goes without a token.
    await cli(['robot', 'edit', 'Rotated', '--no-send-token-on-query']);
    calls.cleared = await fired(['fire', 'Rotated', '--arg', 'n:=2']);
    await cli(['token', 'clear', 'Rotated']);
    await cli(['status', calls.cleared, '--wait', '--timeout', '60']);
    // A CI token from the environment, never stored; read back by a process without it.
    await cli(['robot', 'add', 'FromEnv', '--base-url', service.url]);
    await cli(['robot', 'edit', 'FromEnv', '--no-send-token-on-query']);
    calls.env = await fired(['fire', 'FromEnv', '--token-env', 'CANARY_TOKEN'], {
      env: { CANARY_TOKEN: ENV },
    });
    await cli(['status', calls.env, '--wait', '--timeout', '60']);
    // A secret field's value from stdin, echoed in the robot's arguments.
    await cli([
      'preset',
      'add',
      'FromEnv',
      '--name',
      'Refund',
      '--args',
      '{"order":"A-1","pin":{"$field":"pin"}}',
      '--fields',
      '[{"name":"pin","type":"text","secret":true,"required":true}]',
    ]);
    calls.field = await fired(
      ['fire', 'FromEnv', '--preset', 'Refund', '--token-env', 'CANARY_TOKEN', '--field', 'pin=@-'],
      {
        input: PIN,
        env: { CANARY_TOKEN: ENV },
      },
    );
    await cli(['status', calls.field, '--wait', '--timeout', '60']);
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await h?.close();
  });

  test('each answer was read, with every secret masked where it stood', async () => {
    for (const id of Object.values(calls)) {
      const shown = JSON.parse((await cli(['status', id, '--json'])).stdout) as {
        state: string;
        response: Record<string, unknown>;
      };
      expect(shown.state, id).toBe('done');
      expect(shown.response).toMatchObject({
        token: '[redacted]',
        percent: '[redacted]',
        base64: '[redacted]',
      });
    }
    const field = JSON.parse((await cli(['status', calls.field!, '--json'])).stdout) as {
      args: Record<string, unknown>;
      response: { args: Record<string, unknown> };
    };
    expect(field.args.pin).toBe('(secret field pin, not kept)');
    expect(field.response.args).toEqual({ order: 'A-1', pin: '[redacted]' });
  });

  test('no file of the data folder holds any secret, in any spelling (the history, its WAL, the catalog)', async () => {
    const files = await filesUnder(h.home);
    expect(files.some((f) => f.endsWith('robot-tray.sqlite'))).toBe(true);
    for (const file of files) expect(leaks((await readFile(file)).toString('latin1')), file).toEqual([]);
  });

  test('report, diff, calls, curl and a saved call hold none either', async () => {
    const saved = path.join(h.home, 'saved-field-call.json');
    await cli(['save', calls.field!, saved]);
    expect(leaks(await readFile(saved, 'utf8'))).toEqual([]);
    const texts = [
      (await cli(['report', calls.field!])).stdout,
      (await cli(['report', calls.rotated!])).stdout,
      (await cli(['diff', calls.rotated!, calls.cleared!])).stdout,
      (await cli(['calls', '--json'])).stdout,
      (await cli(['show', saved])).stdout,
      (await cli(['curl', calls.field!])).stdout,
      (await cli(['curl', 'FromEnv', '--preset', 'Refund', '--field', `pin=@-`], { input: PIN })).stdout,
    ];
    for (const text of texts) expect(leaks(text)).toEqual([]);
    for (const text of outputs) expect(leaks(text)).toEqual([]);
    // The prints stay on this desk: no --json output shows them.
    expect((await cli(['call', 'list', '--json'])).stdout).not.toContain('echoPrints');
    expect((await cli(['call', 'show', calls.field!, '--json'])).stdout).not.toContain('echoPrints');
    expect((await cli(['call', 'show', saved, '--json'])).stdout).not.toContain('echoPrints');
  });

  describe('the window over the same data folder', () => {
    let app: AppWindow;
    beforeAll(async () => {
      requireBuiltRenderer();
      app = await openAppWindow({ dataDir: h.home });
    });
    afterAll(async () => {
      await app?.close();
    });

    test('a call the CLI fired and the app followed: its answer reaches the page masked', async () => {
      // Fired by the CLI and left waiting: the app, which never saw the pin, adopts and polls it.
      const id = await fired(
        ['fire', 'FromEnv', '--preset', 'Refund', '--token-env', 'CANARY_TOKEN', '--field', 'pin=@-'],
        { input: APP_PIN, env: { CANARY_TOKEN: ENV } },
      );
      app.core.adoptWaitingCalls();
      const done = await new Promise<void>((resolve) => {
        const check = () => app.core.getCall(id).state === 'done' && (stop(), resolve());
        const stop = app.core.subscribe(() => void check());
        check();
      });
      expect(done).toBeUndefined();
      for (const callId of [...Object.values(calls), id]) {
        const detail = await app.page.evaluate(async (callId) => {
          const bridge = (globalThis as unknown as { robotTray: RobotTrayApi }).robotTray;
          return JSON.stringify(await bridge.getCall({ id: callId }));
        }, callId);
        expect(leaks(detail), callId).toEqual([]);
      }
      // Opened, it is compared with the run before it (the pin's): in main, and the lines show no secret.
      await app.page.locator(`.call-row[data-call-id="${id}"]`).dblclick();
      const compared = app.page.getByRole('region', { name: 'Compared with the previous run' });
      await compared.getByTestId('diff-same-args').waitFor();
      await compared
        .locator('[data-testid="diff-same-response"], [data-testid="diff-list-response"]')
        .waitFor();
      const diffAnswer = (sent: string) => /^\{"ok":true,"value":\{"args":\{.*"lines":/.test(sent);
      expect(app.sentToPage.filter(diffAnswer)).toHaveLength(1);
      expect(leaks(await app.page.content())).toEqual([]);
      expect(leaks(app.sentToPage.join('\n'))).toEqual([]);
      for (const file of await filesUnder(h.home))
        expect(leaks((await readFile(file)).toString('latin1')), file).toEqual([]);
    });
  });
});
