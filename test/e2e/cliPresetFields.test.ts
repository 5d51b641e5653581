import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import { CliHarness } from '../support/cliHarness.ts';

const FIELDS = JSON.stringify([
  {
    name: 'customerId',
    label: 'Customer',
    type: 'text',
    required: true,
    pattern: '^[0-9]+$',
    help: 'Digits only.',
  },
  { name: 'qty', type: 'number', min: 1, default: 1 },
  { name: 'size', type: 'choice', choices: ['S', 'M'] },
  { name: 'pin', type: 'text', secret: true },
]);
const ARGS =
  '{"customer":{"$field":"customerId"},"qty":{"$field":"qty"},"size":{"$field":"size"},"pin":{"$field":"pin"}}';

/** Fill-in presets from the command line: defined with --fields, fired with --field, secrets never kept. */
describe('robot-tray presets with fields', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Orders', flow: [{ type: 'respond', constants: { ok: true } }] });
    await h.json<Preset>(['preset', 'add', 'Orders', '--name', 'One', '--fields', FIELDS, '--args', ARGS]);
  });
  afterAll(() => h?.close());

  test('--fields is checked before anything is saved, naming the field and what is wrong', async () => {
    const bad = await h.run([
      'preset',
      'add',
      'Orders',
      '--name',
      'Bad',
      '--fields',
      '[{"name":"n","type":"number","pattern":"x"}]',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'robot-tray: --fields: fields[0].pattern: applies to text fields only; remove it.\n',
    );
    const notJson = await h.run(['preset', 'edit', 'Orders', 'One', '--fields', '[{']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^robot-tray: --fields: not valid JSON/);
    const orphan = await h.run(['preset', 'edit', 'Orders', 'One', '--fields', '[]']);
    expect(orphan.code).toBe(2);
    expect(orphan.stderr).toContain(
      'args.customer: refers to field "customerId", which this preset does not declare',
    );
    expect((await h.json<Preset>(['preset', 'show', 'Orders', 'One'])).fields).toHaveLength(4);
    const added = await h.run([
      'preset',
      'add',
      'Orders',
      '--name',
      'Two',
      '--fields',
      FIELDS,
      '--args',
      ARGS,
    ]);
    expect(added.stdout).toMatch(
      /Fire it with: robot-tray fire Orders --preset Two --field customerId=VALUE\n$/,
    );
  });

  test('preset show lists each field: how to pass it, its type, whether required, its default and help', async () => {
    const shown = await h.run(['preset', 'show', 'Orders', 'One']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(
      '--field customerId=… text "Customer": required, matches ^[0-9]+$. Digits only.',
    );
    expect(shown.stdout).toContain('--field qty=… number: optional, default 1, min 1.');
    expect(shown.stdout).toContain('--field size=… choice: optional, one of S, M.');
    expect(shown.stdout).toContain('--field pin=… text: optional, secret (never stored).');
  });

  test('a missing required field is exit 2 naming it and how to pass it; nothing is sent', async () => {
    const before = h.sandbox.calls().length;
    const missing = await h.run(['fire', 'Orders', '--preset', 'One', '--field', 'qty=2']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'robot-tray: Preset "One" cannot be fired with these fields: customerId: is required and has no default; give it a value. ' +
        'Pass --field customerId=VALUE. See its fields with: robot-tray preset show Orders One\n',
    );
    const wrong = await h.run([
      'fire',
      'Orders',
      '--preset',
      'One',
      '--field',
      'customerId=abc',
      '--field',
      'size=XL',
      '--field',
      'colour=red',
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("customerId: must match ^[0-9]+$, got 'abc'");
    expect(wrong.stderr).toContain("size: must be one of S, M, got 'XL'");
    expect(wrong.stderr).toContain('colour: this preset has no field by that name');
    const noPreset = await h.run(['fire', 'Orders', '--field', 'customerId=1']);
    expect(noPreset.code).toBe(2);
    expect(noPreset.stderr).toMatch(
      /--field gives a value to a preset's field; name the preset with --preset NAME/,
    );
    expect(h.sandbox.calls()).toHaveLength(before);
  });

  test('canary: a secret field reaches the robot from stdin, and no output or data file; refire asks for it again', async () => {
    const canary = `CANARY-${crypto.randomUUID()}`;
    const again = `CANARY-${crypto.randomUUID()}`;
    h.secrets.add(canary);
    h.secrets.add(again);
    const call = await h.json<Call>(
      [
        'fire',
        'Orders',
        '--preset',
        'One',
        '--field',
        'customerId=0042',
        '--field',
        'pin=@-',
        '--field',
        'size=M',
      ],
      { input: `${canary}\n` },
    );
    expect(call.args).toEqual({ customer: '0042', qty: 1, size: 'M', pin: '(secret field pin, not kept)' });
    const refused = await h.run(['refire', call.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'robot-tray: This call was sent with secret field pin, whose value Robot Tray did not keep. Give it again: --field pin=@- (stdin), or --field-env NAME=VAR.\n',
    );
    const refired = await h.json<Call>(['refire', call.id, '--field-env', 'pin=ORDER_PIN'], {
      env: { ORDER_PIN: again },
    });
    expect(refired.args).toEqual(call.args);
    expect(
      h.sandbox
        .calls()
        .slice(-2)
        .map((c) => c.args.pin),
    ).toEqual([canary, again]);
    // Every output so far and every file under the data folder, SQLite's included.
    await h.assertNoSecretLeaked();
  });

  test('a secret field written on the command line is sent, with a note on how to keep it out of the process list', async () => {
    const inline = `CANARY-${crypto.randomUUID()}`;
    h.secrets.add(inline);
    const fired = await h.run([
      'fire',
      'Orders',
      '--preset',
      'One',
      '--field',
      'customerId=7',
      '--field',
      `pin=${inline}`,
    ]);
    expect(fired.code).toBe(0);
    expect(fired.stderr).toContain(
      'robot-tray: --field pin=… puts a secret on the command line, where the process list and shell history show it. Next time use --field pin=@- (stdin) or --field-env pin=VAR.',
    );
    expect(h.sandbox.calls().at(-1)?.args.pin).toBe(inline);
    const unset = await h.run([
      'fire',
      'Orders',
      '--preset',
      'One',
      '--field',
      'customerId=7',
      '--field-env',
      'pin=NO_SUCH_VAR',
    ]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe(
      'robot-tray: --field-env pin=NO_SUCH_VAR: the environment variable NO_SUCH_VAR is not set.\n',
    );
    const twice = await h.run([
      'fire',
      'Orders',
      '--preset',
      'One',
      '--field',
      'customerId=@-',
      '--field',
      'pin=@-',
    ]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('only one field can be read from stdin');
    await h.assertNoSecretLeaked();
  });
});
