import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { CliHarness } from '../support/cliHarness.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** Fixing a robot or a preset in place, and what is refused when it is saved rather than at fire. */
describe('robot-tray robot edit, preset edit and checks at save', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test('robot edit changes name, address and flags in place; presets and token stay', async () => {
    await h.run(['preset', 'add', 'Echo', '--name', 'Daily', '--arg', 'a:=1']);
    const edited = await h.json<RobotView>([
      'robot',
      'edit',
      'Echo',
      '--name',
      'Echo two',
      '--notes',
      'moved',
      '--confirm-before-firing',
      '--poll-first-ms',
      '200',
      '--watch-minutes',
      '5',
    ]);
    expect(edited).toMatchObject({
      name: 'Echo two',
      notes: 'moved',
      confirmBeforeFiring: true,
      hasToken: true,
      pollPolicy: { firstDelayMs: 200, watchDeadlineMs: 300_000 },
    });
    const presets = await h.json<Preset[]>(['preset', 'list', 'Echo two']);
    expect(presets.map((p) => p.name)).toEqual(['Daily']);
    const far = await h.run(['robot', 'edit', 'Echo two', '--base-url', 'http://robots.example.com']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/^robot-tray: --base-url: uses plain http to robots\.example\.com/);
    const back = await h.json<RobotView>([
      'robot',
      'edit',
      'Echo two',
      '--name',
      'Echo',
      '--no-confirm-before-firing',
    ]);
    expect(back).toMatchObject({ name: 'Echo', confirmBeforeFiring: false, baseUrl: h.sandbox.baseUrl });
    const nothing = await h.run(['robot', 'edit', 'Echo']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/Nothing to change/);
  });

  test('preset edit merges and removes arguments, switches method and pin', async () => {
    const edited = await h.json<Preset>([
      'preset',
      'edit',
      'Echo',
      'Daily',
      '--arg',
      'b=two',
      '--unset-arg',
      'a',
      '--get',
      '--tray',
    ]);
    expect(edited).toMatchObject({ args: { b: 'two' }, method: 'GET', pinnedToTray: true });
    const nested = await h.run(['preset', 'edit', 'Echo', 'Daily', '--args', '{"order":{"id":1}}']);
    expect(nested.code).toBe(2);
    expect(nested.stderr).toMatch(
      /^robot-tray: --args: Argument "order" is a nested object, .* Send this call with POST/,
    );
    const unchanged = await h.json<Preset[]>(['preset', 'list', 'Echo']);
    expect(unchanged[0]?.args).toEqual({ b: 'two' });
  });

  test('a GET preset whose arguments cannot travel as a query is refused when saved', async () => {
    const refused = await h.run(['preset', 'add', 'Echo', '--name', 'Bad', '--get', '--arg', 'ids:=[]']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/"ids" is an empty list, which a GET query string cannot carry/);
    expect((await h.json<Preset[]>(['preset', 'list', 'Echo'])).map((p) => p.name)).toEqual(['Daily']);
  });

  test('GET: null and an empty list are refused before sending; the record shows the exact URL sent', async () => {
    const before = h.sandbox.calls().length;
    const refused = await h.run(['fire', 'Echo', '--get', '--arg', 'ea:=[]', '--arg', 'n:=null']);
    expect(refused.code).toBe(2);
    expect(h.sandbox.calls()).toHaveLength(before);
    const sent = await h.run(['fire', 'Echo', '--get', '--arg', 'q=a b', '--arg', 'n:=2', '--json']);
    const call = JSON.parse(sent.stdout) as Call;
    expect(call.url).toBe(`${h.sandbox.baseUrl}/main/public/webhook/request?q=a+b&n=2`);
  });

  test('names with control characters, a leading "-", or another robot\'s id are refused', async () => {
    const echoId = (await h.json<RobotView[]>(['robot', 'list']))[0]!.id;
    for (const name of ['tab\there', '-x', echoId]) {
      const result = await h.run(['robot', 'add', '--name', name, '--base-url', h.sandbox.baseUrl]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^robot-tray: --name: /);
    }
  });
});
