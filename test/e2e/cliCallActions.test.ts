import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { whenCall } from '../support/coreEvents.ts';

const exec = promisify(execFile);
const echo = [{ type: 'respond' as const, echo: true }];

/** Daily work on past calls from the terminal: stop, forget, refire, curl and diff them. */
describe('robot-tray stop, forget, refire, curl CALL and diff', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
    await h.addRobot({ name: 'Slow', flow: [{ type: 'wait', ms: 120_000 }, ...echo] });
  });
  afterAll(() => h?.close());

  async function fired(args: string[]): Promise<Call> {
    const result = await h.run([...(args[0] === 'refire' ? [] : ['fire']), ...args, '--json']);
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as Call;
  }

  test('stop ends a waiting call stopped; a call that is not waiting cannot be stopped', async () => {
    const call = await fired(['Slow']);
    const stopped = await h.run(['stop', call.id]);
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    expect(stopped.stdout).toBe(
      `Stopped call ${call.id}. Resume it with: robot-tray call show ${call.id} --wait\n`,
    );
    const status = await h.run(['status', call.id, '--json']);
    expect(status.code).toBe(4);
    expect((JSON.parse(status.stdout) as Call).state).toBe('stopped');
    const again = await h.run(['stop', call.id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('only a waiting call can be stopped');
  });

  test('forget removes a call from the history', async () => {
    const call = await fired(['Echo', '--arg', 'x:=1', '--wait']);
    const forgot = await h.run(['forget', call.id.slice(0, 8)]);
    expect(forgot.code).toBe(0);
    expect(forgot.stdout).toBe(`Forgot call ${call.id} (done) of robot "Echo".\n`);
    expect((await h.run(['status', call.id])).code).toBe(2);
  });

  test('refire sends exactly what the call sent, or with changes set over its arguments', async () => {
    const first = await fired(['Echo', '--args', '{"a":1,"b":{"c":2}}', '--wait']);
    const same = await fired(['refire', first.id, '--wait']);
    expect(same.id).not.toBe(first.id);
    expect(same).toMatchObject({ state: 'done', method: 'POST', response: { a: 1, b: { c: 2 } } });
    const changed = await fired(['refire', first.id, '--arg', 'd:=4', '--unset-arg', 'b', '--get', '--wait']);
    expect(changed).toMatchObject({ state: 'done', method: 'GET', args: { a: 1, d: 4 } });
    const missing = await h.run(['refire', first.id, '--unset-arg', 'zz']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--unset-arg: call ${first.id} has no argument "zz"`);
  });

  test('refire of a robot that moved since says where it goes now, and where the call went', async () => {
    await h.addRobot({ name: 'Mover', flow: echo });
    const first = await fired(['Mover', '--arg', 'n:=1', '--wait']);
    const unmoved = await h.run(['refire', first.id]);
    expect(unmoved.code).toBe(0);
    expect(unmoved.stderr).toBe('');
    // The same service under another name: another origin, the token moved on purpose.
    const moved = h.sandbox.baseUrl.replace('127.0.0.1', 'localhost');
    const edit = await h.run(['robot', 'edit', 'Mover', '--base-url', moved, '--move-token']);
    expect(edit.code).toBe(0);
    const again = await h.run(['refire', first.id, '--json']);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as Call).url).toBe(`${moved}/main/public/webhook/request`);
    expect(again.stderr).toBe(
      `Sent to ${moved}/main/public/webhook/request, robot "Mover"'s address now; ` +
        `call ${first.id} went to ${first.url}.\n`,
    );
  });

  test("curl CALL prints that call's exact request, which real curl sends again", async () => {
    for (const method of [[], ['--get']]) {
      const call = await fired(['Echo', '--arg', 'q=a b&c', '--arg', 'n:=3', ...method, '--wait']);
      const printed = await h.run(['curl', call.id]);
      expect(printed).toMatchObject({ code: 0, stderr: '' });
      const { stdout } = await exec('sh', ['-c', printed.stdout], {
        env: { ...process.env, ROBOT_TOKEN: h.sandbox.tokenOf('Echo') },
      });
      h.keep(stdout);
      const answer = JSON.parse(stdout) as { webhookCallId: string };
      const record = await h.sandbox.whenSettled(answer.webhookCallId);
      expect(record.method).toBe(call.method);
      expect(record.args).toEqual(method.length === 0 ? { q: 'a b&c', n: 3 } : { q: 'a b&c', n: '3' });
    }
    const unknown = await h.run(['curl', 'nobody-or-nothing']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No robot is named "nobody-or-nothing", and no call has that id.');
  });

  test('diff shows where two responses differ, path by path, as the window does', async () => {
    const a = await fired(['Echo', '--args', '{"total":12.5,"items":[1,2],"note":"x"}', '--wait']);
    const b = await fired(['Echo', '--args', '{"total":13,"items":[1,2,3],"extra":true}', '--wait']);
    const shown = await h.run(['diff', a.id, b.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      `From call ${a.id} to call ${b.id}, 4 differences:\n` +
        '~ $.total  12.5 → 13\n+ $.items[2]  3\n- $.note  "x"\n+ $.extra  true\n',
    );
    const json = await h.json<{ lines: unknown[]; truncated: boolean }>(['diff', a.id, b.id, '--limit', '2']);
    expect(json).toMatchObject({ truncated: true, lines: [{ kind: 'changed', path: '$.total' }, {}] });
    expect((await h.run(['diff', a.id, a.id])).stdout).toBe(
      `Same response in call ${a.id} and call ${a.id}.\n`,
    );
  });
});

/** Calls nobody watched: listed as they are now, and Ctrl+C promises an app only when one runs. */
/**
 * The app (an AppCore that watches, in this test's process) and a CLI
 * process on one data folder: a stop or a forget made in the terminal holds,
 * and the app hears of it through the history's change log.
 */
describe('stop and forget a call the app is watching', () => {
  let h: CliHarness;
  let app: AppCore;
  let slowId: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    slowId = (await h.addRobot({ name: 'Slow', flow: [{ type: 'wait', ms: 120_000 }, ...echo] })).id;
    app = await AppCore.open({ dataDir: h.home });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  /** The next `calls.removed` event of the app that names `id`. */
  const removedFromApp = (id: string) =>
    new Promise<void>((resolve) => {
      const off = app.subscribe((event) => {
        if (event.type === 'calls.removed' && event.ids.includes(id)) {
          off();
          resolve();
        }
      });
    });

  test('stop from the terminal: the call ends stopped, and the app stops watching it and says so', async () => {
    const call = await app.fire(slowId, { method: 'POST', args: { n: 1 } });
    expect(call.state).toBe('waiting');
    expect(app.watchingCount).toBe(1);
    const appHearsStopped = whenCall(app, call.id, (c) => c.state === 'stopped');
    const stopped = await h.run(['stop', call.id]);
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    expect(stopped.stdout).toBe(
      `Stopped call ${call.id}. Resume it with: robot-tray call show ${call.id} --wait\n`,
    );
    expect((await appHearsStopped).timeline.at(-1)?.note).toBe('Stopped by you.');
    expect(app.watchingCount).toBe(0);
    expect(app.getCall(call.id).state).toBe('stopped');
    const status = await h.run(['status', call.id, '--json']);
    expect((JSON.parse(status.stdout) as Call).state).toBe('stopped');
  });

  test('forget from the terminal: the app stops watching the call and drops it from its window', async () => {
    const call = await app.fire(slowId, { method: 'POST', args: { n: 2 } });
    expect(app.watchingCount).toBe(1);
    const appHearsRemoved = removedFromApp(call.id);
    const forgot = await h.run(['forget', call.id]);
    expect(forgot).toMatchObject({ code: 0, stderr: '' });
    expect(forgot.stdout).toBe(`Forgot call ${call.id} (waiting) of robot "Slow".\n`);
    await appHearsRemoved;
    expect(app.watchingCount).toBe(0);
    expect(app.listCalls().map((c) => c.id)).not.toContain(call.id);
    expect(() => app.getCall(call.id)).toThrow(/was not found/);
  });
});

describe('robot-tray calls refresh and who keeps watching', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
    await h.addRobot({ name: 'Slow', flow: [{ type: 'wait', ms: 120_000 }, ...echo] });
  });
  afterAll(() => h?.close());

  test('a call that ended while nobody watched is not listed as waiting: calls asks the service once', async () => {
    const result = await h.run(['fire', 'Echo', '--json']);
    const call = JSON.parse(result.stdout) as Call;
    expect(call.state).toBe('waiting');
    await h.sandbox.whenSettled(call.webhookCallId!);
    const stale = await h.run(['calls', '--state', 'waiting', '--no-refresh']);
    expect(stale.stdout).toContain(call.id);
    const before = h.sandbox.requests().length;
    const fresh = await h.run(['calls', '--state', 'waiting']);
    expect(fresh.stdout).toBe('No calls found.\n');
    expect(h.sandbox.requests().length).toBe(before + 1);
    expect((await h.json<Call[]>(['calls', '--state', 'done'])).map((c) => c.id)).toContain(call.id);
  });

  test('a waiting call the service cannot be asked about now is listed as unverified', async () => {
    await h.addRobot({ name: 'Down', flow: [{ type: 'wait', ms: 120_000 }, ...echo] });
    const call = JSON.parse((await h.run(['fire', 'Down', '--json'])).stdout) as Call;
    // The service fails every status query now: nothing can verify the call.
    h.sandbox.setFaults({ query: { serverError: { rate: 1, status: 503 } } }, 'Down');
    const listed = await h.run(['calls', '--robot', 'Down']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${call.id} +Down +- +waiting\\? `, 'm'));
    expect(listed.stderr).toContain('waiting? = not verified now');
  });

  test('Ctrl+C says the app keeps watching only while an app is running', async () => {
    const interrupted = async () => {
      const running = h.start(['fire', 'Slow', '--wait']);
      await running.waitFor('stderr', /^waiting · /);
      running.child.kill('SIGINT');
      return running.done;
    };
    const alone = await interrupted();
    expect(alone.code).toBe(130);
    expect(alone.stderr).toContain('no app is running to watch it: follow it with robot-tray call show');
    expect(alone.stderr).not.toContain('the app keeps watching it');
    // An app: a core that resumes watching, in this test's process.
    const app = await AppCore.open({ dataDir: h.home });
    try {
      const watched = await interrupted();
      expect(watched.stderr).toContain('(the app keeps watching it)');
    } finally {
      await app.close();
    }
    expect((await interrupted()).stderr).toContain('no app is running to watch it');
  });
});
