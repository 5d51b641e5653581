import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import { CliHarness } from '../support/cliHarness.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** Presets as a daily user keeps them: seen whole, notifying, and nested arguments edited in place. */
describe('robot-tray preset show, notify and nested arguments', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test('preset add --notify, list shows pin and notify, show gives every argument in full', async () => {
    const added = await h.json<Preset>([
      'preset',
      'add',
      'Echo',
      '--name',
      'Order',
      '--notify',
      '--tray',
      '--args',
      '{"customer":{"id":"C-17","tags":["vip","eu"]}}',
    ]);
    expect(added).toMatchObject({ notifyOnFinish: true, pinnedToTray: true });
    const quiet = await h.json<Preset>(['preset', 'add', 'Echo', '--name', 'Quiet', '--no-notify']);
    expect(quiet.notifyOnFinish).toBe(false);
    const list = await h.run(['preset', 'list', 'Echo']);
    expect(list.stdout).toMatch(/^ROBOT +PRESET +METHOD +TRAY +NOTIFY +ARGUMENTS$/m);
    expect(list.stdout).toMatch(/^Echo +Order +POST +pinned +yes +\{"customer"/m);
    expect(list.stdout).toMatch(/^Echo +Quiet +POST +- +no +\{\}$/m);
    const shown = await h.run(['preset', 'show', 'Echo', 'order']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^notify +yes, when a run ends$/m);
    expect(shown.stdout).toMatch(/^tray +pinned to the tray menu$/m);
    expect(shown.stdout).toContain('"tags": [\n');
    expect((await h.json<Preset>(['preset', 'show', 'Echo', 'Order'])).args).toEqual(added.args);
  });

  test('--arg a.b=v sets a nested key and keeps its siblings; a\\.b keeps a literal dot; edits say what changed', async () => {
    await h.json([
      'preset',
      'add',
      'Echo',
      '--name',
      'Nested',
      '--args',
      '{"customer":{"id":"C-17","tags":["vip"]}}',
    ]);
    const edited = await h.run([
      'preset',
      'edit',
      'Echo',
      'Nested',
      '--arg',
      'customer.id=C-99',
      '--arg',
      'a\\.b:=1',
    ]);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain(
      'Arguments: changed $.customer.id from "C-17" to "C-99"; added $[\'a.b\'] = 1.',
    );
    const preset = await h.json<Preset>(['preset', 'show', 'Echo', 'Nested']);
    expect(preset.args).toEqual({ customer: { id: 'C-99', tags: ['vip'] }, 'a.b': 1 });

    // --args replaces each top-level key it names whole, and says what that removed.
    const replaced = await h.run(['preset', 'edit', 'Echo', 'Nested', '--args', '{"customer":{"id":"C-1"}}']);
    expect(replaced.stdout).toContain('removed $.customer.tags (was ["vip"])');

    // fire --preset with a nested --arg keeps the preset's other nested keys.
    await h.run(['preset', 'edit', 'Echo', 'Nested', '--args', '{"customer":{"id":"C-1","tags":["vip"]}}']);
    const fired = await h.run([
      'fire',
      'Echo',
      '--preset',
      'Nested',
      '--arg',
      'customer.id=C-5',
      '--wait',
      '--json',
    ]);
    expect((JSON.parse(fired.stdout) as Call).response).toEqual({
      customer: { id: 'C-5', tags: ['vip'] },
      'a.b': 1,
    });

    const notObject = await h.run(['preset', 'edit', 'Echo', 'Nested', '--arg', 'a\\.b.c:=2']);
    expect(notObject.code).toBe(2);
    expect(notObject.stderr).toContain('"a.b" holds 1, not an object');
    const unset = await h.run(['preset', 'edit', 'Echo', 'Nested', '--unset-arg', 'customer.tags']);
    expect(unset.stdout).toContain('removed $.customer.tags');
  });

  test('a refused argument is reported under the option it was given with', async () => {
    const viaArg = await h.run([
      'preset',
      'add',
      'Echo',
      '--name',
      'Refused nested',
      '--get',
      '--arg',
      'o:={"a":1}',
    ]);
    expect(viaArg.code).toBe(2);
    expect(viaArg.stderr).toMatch(/^robot-tray: --arg: Argument "o" is a nested object/);
    const viaArgs = await h.run([
      'preset',
      'add',
      'Echo',
      '--name',
      'Refused nested',
      '--get',
      '--args',
      '{"o":{"a":1}}',
    ]);
    expect(viaArgs.stderr).toMatch(/^robot-tray: --args: Argument "o" is a nested object/);
  });
});
