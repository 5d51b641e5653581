import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { FakeClock } from '../support/fakeClock.ts';

/** Every file under `dir`, as bytes: JSON files, SQLite's database, WAL and shared memory alike. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const bytes = Buffer.from(needle, 'utf8');
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(bytes)) found.push(path.relative(dir, file));
  }
  return found;
}

const FIELDS = [
  { name: 'customerId', type: 'text', required: true, pattern: '^[0-9]+$', help: 'Digits only' },
  { name: 'qty', type: 'number', min: 1, default: 1 },
  { name: 'rush', type: 'boolean' },
  { name: 'pin', type: 'text', secret: true },
];

describe('firing a preset with fields', () => {
  let h: CoreHarness;
  afterEach(async () => {
    await h?.close();
  });

  async function open(): Promise<RobotView> {
    h = await openCoreHarness({ core: { clock: new FakeClock(), random: () => 0.999 } });
    return h.addRobot({ name: 'Orders', flow: [{ type: 'respond', constants: { ok: true } }] });
  }

  async function orderPreset(robot: RobotView, method: 'POST' | 'GET' = 'POST') {
    return h.core.createPreset({
      robotId: robot.id,
      name: `Order ${method}`,
      method,
      fields: FIELDS,
      args:
        method === 'POST'
          ? {
              order: { customer: { $field: 'customerId' }, lines: [{ qty: { $field: 'qty' } }] },
              pin: { $field: 'pin' },
            }
          : { customer: { $field: 'customerId' }, qty: { $field: 'qty' }, pin: { $field: 'pin' } },
    });
  }

  test('values are filled in typed, the record keeps what was sent, the last values are remembered', async () => {
    const robot = await open();
    const preset = await orderPreset(robot);
    const call = await h.core.fire(robot.id, {
      presetId: preset.id,
      fields: { customerId: '0042', qty: 3, rush: true, pin: 'p' },
    });
    const sent = { order: { customer: '0042', lines: [{ qty: 3 }] }, pin: 'p' };
    expect(h.sandbox.calls()[0]?.args).toEqual(sent);
    expect(call.args).toEqual({ ...sent, pin: '(secret field pin, not kept)' });
    expect(h.core.getCall(call.id).args).toEqual(call.args);
    // "Copy as cURL" of that call sends its whole arguments over the preset's: nothing left to fill.
    const curl = await h.core.curlCommand(robot.id, { presetId: preset.id, method: 'POST', args: call.args });
    expect(curl).toContain('(secret field pin, not kept)');
    expect(await h.core.lastFieldValues(preset.id)).toEqual({ customerId: '0042', qty: 3, rush: true });
    await h.reopen();
    expect(await h.core.lastFieldValues(preset.id)).toEqual({ customerId: '0042', qty: 3, rush: true });
  });

  test('a problem with a value sends nothing and records nothing, naming the field', async () => {
    const robot = await open();
    const preset = await orderPreset(robot);
    await expect(h.core.fire(robot.id, { presetId: preset.id, fields: { qty: 0 } })).rejects.toThrow(
      'The preset "Order POST" cannot be fired with these field values: customerId: is required and has no default; give it a value; qty: must be at least 1, got 0. Nothing was sent.',
    );
    await expect(
      h.core.fire(robot.id, { presetId: preset.id, fields: { customerId: 'abc', colour: 'red' } }),
    ).rejects.toThrow(
      /colour: this preset has no field by that name.*customerId: must match \^\[0-9\]\+\$, got 'abc'/,
    );
    await expect(h.core.fire(robot.id, { presetId: preset.id, fields: { qty: '3' } })).rejects.toThrow(
      /qty: must be a number, got '3'/,
    );
    expect(h.sandbox.calls()).toEqual([]);
    expect(h.core.listCalls()).toEqual([]);
    expect(await h.core.lastFieldValues(preset.id)).toEqual({});
  });

  test('a preset naming a field it does not declare is refused when saved, naming where', async () => {
    const robot = await open();
    await expect(
      h.core.createPreset({ robotId: robot.id, name: 'Bad', args: { a: [{ b: { $field: 'ghost' } }] } }),
    ).rejects.toThrow(
      'args.a[0].b: refers to field "ghost", which this preset does not declare; add that field or remove the reference',
    );
    const preset = await orderPreset(robot);
    await expect(h.core.updatePreset(preset.id, { fields: [] })).rejects.toThrow(
      /args\.order\.customer: refers/,
    );
    const copy = await h.core.duplicatePreset(preset.id);
    expect(copy.fields).toEqual(preset.fields);
    expect((await h.core.listPresets(robot.id)).map((p) => p.fields.length)).toEqual([4, 4]);
  });

  test('canary: a secret value reaches the robot (POST and GET) and no file in the data folder', async () => {
    const robot = await open();
    const canaryPost = `CANARY-${crypto.randomUUID()}`;
    const canaryGet = `CANARY-${crypto.randomUUID()}`;
    const post = await orderPreset(robot, 'POST');
    const get = await orderPreset(robot, 'GET');
    const firstPost = await h.core.fire(robot.id, {
      presetId: post.id,
      fields: { customerId: '1', pin: canaryPost },
    });
    const firstGet = await h.core.fire(robot.id, {
      presetId: get.id,
      fields: { customerId: '2', pin: canaryGet },
    });
    // Firing again asks for the secret again; given, it reaches the robot and is not kept either.
    await expect(h.core.refire(firstPost.id)).rejects.toThrow(
      'pin: this call was sent with secret field pin, whose value Robot Tray did not keep; give it again to fire the call again. Nothing was sent.',
    );
    const again = await h.core.refire(firstGet.id, { fields: { pin: `${canaryGet}-again` } });
    expect(h.sandbox.calls().map((c) => c.args.pin)).toEqual([canaryPost, canaryGet, `${canaryGet}-again`]);
    expect(again.args).toEqual({ customer: '2', qty: 1, pin: '(secret field pin, not kept)' });
    expect(again.url).toContain('pin=%28secret+field+pin%2C+not+kept%29');
    expect(await h.core.lastFieldValues(post.id)).toEqual({ customerId: '1' });
    const names = await readdir(h.dataDir);
    expect(names).toEqual(expect.arrayContaining(['robot-tray.sqlite']));
    expect(await filesHolding(h.dataDir, 'CANARY-')).toEqual([]);
    // The grep itself works: what is kept is found.
    expect(await filesHolding(h.dataDir, 'secret field pin, not kept')).not.toEqual([]);
    expect(await filesHolding(h.dataDir, '"values":{"customerId":"1"}')).toEqual([
      expect.stringMatching(/^robot-tray\.sqlite(-wal)?$/),
    ]);
    await h.reopen(); // closed and opened again: the history checkpointed
    expect(await filesHolding(h.dataDir, 'CANARY-')).toEqual([]);
  });
});
