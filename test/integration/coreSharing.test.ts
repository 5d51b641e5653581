import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { exportText } from '../../src/core/sharing/exportCatalog.ts';
import type { Preset } from '../../src/shared/models/preset.ts';
import type { RobotView } from '../../src/shared/models/robotView.ts';
import { MAX_EXPORT_FILE_BYTES } from '../../src/shared/limits.ts';
import { writeCaPem } from '../support/caFile.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { trustConfirmed } from '../support/trustConfirmed.ts';

const dirs: string[] = [];
const cores: AppCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-sharing-'));
  dirs.push(dir);
  return dir;
}

async function openCore(secrets = memorySecrets()): Promise<AppCore> {
  const core = await AppCore.open({ dataDir: await tempDir(), secrets, resumeWatching: false });
  cores.push(core);
  return core;
}

/** What describes a robot, without what belongs to one desk (ids, times, token notes, local paths). */
function described(robot: RobotView) {
  const {
    id: _i,
    createdAt: _c,
    updatedAt: _u,
    tokenUpdatedAt: _t,
    tokenOrigin: _o,
    caFile: _f,
    pinnedCertSha256: _p,
    hasToken: _h,
    tokenSuspended: _s,
    ...rest
  } = robot;
  return rest;
}
function describedPreset(preset: Preset, robots: RobotView[]) {
  const { id: _i, robotId, createdAt: _c, updatedAt: _u, ...rest } = preset;
  return { robot: robots.find((r) => r.id === robotId)!.name, ...rest };
}
async function snapshot(core: AppCore) {
  const robots = await core.listRobots();
  return {
    robots: robots.map(described),
    presets: (await core.listPresets()).map((p) => describedPreset(p, robots)),
  };
}
async function catalogBytes(core: AppCore): Promise<string[]> {
  const read = (name: string) => readFile(path.join(core.dataDir, name), 'utf8').catch(() => '(none)');
  return Promise.all([read('robots.json'), read('presets.json')]);
}

/** Two robots with everything a robot and a preset can declare set away from its default. */
async function seed(core: AppCore, canary: string): Promise<RobotView[]> {
  const ca = writeCaPem(await tempDir());
  const orders = await core.createRobot(
    {
      name: 'Orders',
      baseUrl: 'https://orders.example/eu',
      notes: 'EU orders service',
      pollPolicy: { initialDelayMs: 2_000 },
      sendTokenOnQuery: false,
      confirmBeforeFiring: true,
      caFile: ca.file,
    },
    trustConfirmed,
  );
  await core.setToken(orders.id, canary);
  const lab = await core.createRobot(
    { name: 'Lab', baseUrl: 'http://lab.internal:8080', allowInsecureHttp: true },
    trustConfirmed,
  );
  await core.createPreset({
    robotId: orders.id,
    name: 'Daily',
    args: { customer: { $field: 'customerId' }, n: [1, 2, { deep: true }], pin: { $field: 'pin' } },
    fields: [
      {
        name: 'customerId',
        label: 'Customer',
        type: 'text',
        required: true,
        pattern: '^[0-9]+$',
        help: 'From the ticket',
      },
      { name: 'pin', type: 'text', secret: true },
      { name: 'tier', type: 'choice', choices: ['gold', 'silver'], default: 'gold' },
    ],
  });
  await core.createPreset({
    robotId: orders.id,
    name: 'Lookup',
    method: 'GET',
    args: { id: '42' },
    pinnedToTray: true,
    notifyOnFinish: false,
  });
  await core.createPreset({ robotId: lab.id, name: 'Smoke' });
  return [orders as RobotView, lab as RobotView];
}

describe('sharing robots and presets without tokens', () => {
  test('export then import into an empty data folder gives the same robots and presets, and no token', async () => {
    const canary = `canary-token-${Math.random().toString(36).slice(2)}`;
    const source = await openCore();
    await seed(source, canary);
    const text = exportText(await source.exportCatalog());
    expect(text).not.toContain(canary);
    expect(text).not.toContain(source.dataDir);
    for (const robot of await source.listRobots()) expect(text).not.toContain(robot.id);
    const file = path.join(await tempDir(), 'team.json');
    await writeFile(file, text);

    const target = await openCore();
    const read = await target.readExportFile(file);
    const plan = await target.planImport(read);
    expect(plan.robots.map((s) => [s.name, s.action, s.token, s.caFileNeeded])).toEqual([
      ['Orders', 'add', 'needed', true],
      ['Lab', 'add', 'needed', false],
    ]);
    await target.applyImport(read, {});
    expect(await snapshot(target)).toEqual(await snapshot(source));
    for (const robot of await target.listRobots()) {
      expect(robot).toMatchObject({ hasToken: false, tokenUpdatedAt: null, caFile: null });
      expect(await target.tokenStatus(robot.id)).toMatchObject({ hasToken: false });
    }
  });

  test('export of chosen robots only; an unknown name is refused', async () => {
    const source = await openCore();
    await seed(source, 'a-long-enough-token-0001');
    const only = await source.exportCatalog({ robots: ['lab'] });
    expect(only.robots.map((r) => [r.name, r.presets.map((p) => p.name)])).toEqual([['Lab', ['Smoke']]]);
    await expect(source.exportCatalog({ robots: ['Nope'] })).rejects.toThrow(/Robot "Nope" was not found/);
  });

  test('conflicts by name: refused without a choice, dry run and refusal change no byte, replace and skip do what they say', async () => {
    const source = await openCore();
    await seed(source, 'a-long-enough-token-0001');
    const file = await source.exportCatalog();
    const target = await openCore();
    const here = await target.createRobot({ name: 'orders', baseUrl: 'https://orders.example/old' });
    const kept = await target.createPreset({ robotId: here.id, name: 'daily', args: { old: true } });
    await target.createPreset({ robotId: here.id, name: 'Mine only' });
    const before = await catalogBytes(target);

    const plan = await target.planImport(file);
    expect(plan.ready).toBe(false);
    expect(plan.robots.map((s) => [s.name, s.action])).toEqual([
      ['Orders', 'conflict'],
      ['Lab', 'add'],
    ]);
    await target.planImport(file, { existing: 'replace' });
    expect(await catalogBytes(target)).toEqual(before);
    await expect(target.applyImport(file, {})).rejects.toThrow(
      /Robots named "Orders" already exist here, so nothing was imported\. .*--replace or --skip-existing/,
    );
    expect(await catalogBytes(target)).toEqual(before);

    const skipped = await target.applyImport(file, { existing: 'skip' });
    expect(skipped.robots.map((s) => [s.name, s.action])).toEqual([
      ['Orders', 'skip'],
      ['Lab', 'add'],
    ]);
    expect((await target.getRobot('orders')).baseUrl).toBe('https://orders.example/old');
    expect((await target.listPresets(here.id)).map((p) => p.name)).toEqual(['daily', 'Mine only']);

    const replaced = await target.applyImport(file, { existing: 'replace' });
    expect(replaced.robots.map((s) => [s.name, s.action, s.presets.map((p) => p.action)])).toEqual([
      ['Orders', 'replace', ['replace', 'add']],
      ['Lab', 'replace', ['replace']],
    ]);
    const orders = await target.getRobot('Orders');
    expect(orders).toMatchObject({
      id: here.id,
      name: 'Orders',
      baseUrl: 'https://orders.example/eu',
      notes: 'EU orders service',
    });
    const presets = await target.listPresets(here.id);
    expect(presets.map((p) => [p.name, p.args])).toEqual([
      ['Daily', { customer: { $field: 'customerId' }, n: [1, 2, { deep: true }], pin: { $field: 'pin' } }],
      ['Mine only', {}],
      ['Lookup', { id: '42' }],
    ]);
    expect(presets[0]!.id).toBe(kept.id);
    // The replaced preset takes the file's fill-in fields with its arguments.
    expect(presets[0]!.fields.map((f) => [f.name, f.type, f.secret])).toEqual([
      ['customerId', 'text', false],
      ['pin', 'text', true],
      ['tier', 'choice', false],
    ]);
  });

  test('replacing a robot keeps its token on the same origin; a new origin leaves "token needed" and deletes the token', async () => {
    const secrets = memorySecrets();
    const target = await openCore(secrets);
    const same = await target.createRobot({ name: 'Same', baseUrl: 'https://same.example/a' });
    const moved = await target.createRobot({ name: 'Moved', baseUrl: 'https://old.example' });
    await target.setToken(same.id, 'same-secret-0000000001');
    await target.setToken(moved.id, 'moved-secret-000000002');
    const file = {
      format: 'robot-tray-export' as const,
      version: 1 as const,
      exportedAt: 0,
      robots: [
        {
          ...described(same as RobotView),
          baseUrl: 'https://same.example/b',
          caFileNeeded: false,
          presets: [],
        },
        {
          ...described(moved as RobotView),
          baseUrl: 'https://attacker.example',
          caFileNeeded: false,
          presets: [],
        },
      ],
    };
    const plan = await target.planImport(file, { existing: 'replace' });
    expect(plan.robots.map((s) => [s.name, s.token, s.originChange])).toEqual([
      ['Same', 'kept', null],
      ['Moved', 'removed', { from: 'https://old.example', to: 'https://attacker.example' }],
    ]);
    await target.applyImport(file, { existing: 'replace' });
    expect(await target.getRobot('Same')).toMatchObject({
      baseUrl: 'https://same.example/b',
      hasToken: true,
    });
    expect(await target.tokenStatus(same.id)).toMatchObject({ hasToken: true });
    const after = await target.getRobot('Moved');
    expect(after).toMatchObject({
      baseUrl: 'https://attacker.example',
      hasToken: false,
      tokenSuspended: null,
    });
    expect(await target.tokenStatus(moved.id)).toMatchObject({
      hasToken: false,
      updatedAt: null,
      suspended: null,
    });
    expect([...secrets.entries.values()]).not.toContain('moved-secret-000000002');
    await expect(target.moveToken(moved.id)).rejects.toThrow(/no stored token to move/);
  });

  test('a file from a newer Robot Tray is refused, saying so', async () => {
    const core = await openCore();
    const file = path.join(await tempDir(), 'new.json');
    await writeFile(
      file,
      JSON.stringify({ format: 'robot-tray-export', version: 2, exportedAt: 0, robots: [] }),
    );
    await expect(core.readExportFile(file)).rejects.toThrow(
      `File "${file}" was made by a newer Robot Tray (version 2); this one reads version 1: update Robot Tray.`,
    );
  });

  test('malformed, foreign, oversized or missing files are refused naming the problem; unknown fields are dropped', async () => {
    const core = await openCore();
    const dir = await tempDir();
    const write = async (name: string, text: string) => {
      const file = path.join(dir, name);
      await writeFile(file, text);
      return file;
    };
    await expect(core.readExportFile(await write('a.json', '{"format":'))).rejects.toThrow(
      /is not valid JSON/,
    );
    await expect(core.readExportFile(await write('b.json', '{"robots":[]}'))).rejects.toThrow(
      /is not a Robot Tray export: it must start with "format": "robot-tray-export"/,
    );
    const bad = {
      format: 'robot-tray-export',
      version: 1,
      exportedAt: 0,
      robots: [{ name: 'X', baseUrl: 'ftp://x' }],
    };
    await expect(core.readExportFile(await write('c.json', JSON.stringify(bad)))).rejects.toThrow(
      /is not a valid export: robots\[0\]\.baseUrl: must start with https:\/\/ or http:\/\//,
    );
    const twice = {
      ...bad,
      robots: [
        { name: 'X', baseUrl: 'https://x' },
        { name: 'x', baseUrl: 'https://y' },
      ],
    };
    await expect(core.readExportFile(await write('d.json', JSON.stringify(twice)))).rejects.toThrow(
      /"x" appears twice/,
    );
    const big = await write('big.json', '');
    await truncate(big, MAX_EXPORT_FILE_BYTES + 1);
    await expect(core.readExportFile(big)).rejects.toThrow(/is larger than 32 MiB/);
    await expect(core.readExportFile(path.join(dir, 'gone.json'))).rejects.toThrow(/does not exist/);
    const extra = {
      format: 'robot-tray-export',
      version: 1,
      exportedAt: 0,
      future: 1,
      robots: [{ name: 'X', baseUrl: 'https://x', tokenOrigin: 'https://evil', colour: 'red' }],
    };
    const read = await core.readExportFile(await write('e.json', JSON.stringify(extra)));
    expect(read.robots[0]).not.toHaveProperty('colour');
    expect(read.robots[0]).not.toHaveProperty('tokenOrigin');
  });

  test('a robot that cannot be saved here (plain http elsewhere without the flag) refuses the whole import', async () => {
    const core = await openCore();
    const before = await catalogBytes(core);
    const file = {
      format: 'robot-tray-export' as const,
      version: 1 as const,
      exportedAt: 0,
      robots: [
        {
          name: 'Fine',
          baseUrl: 'https://fine.example',
          notes: '',
          pollPolicy: {},
          sendTokenOnQuery: true,
          allowInsecureHttp: false,
          confirmBeforeFiring: false,
          caFileNeeded: false,
          presets: [],
        },
        {
          name: 'Plain',
          baseUrl: 'http://plain.example',
          notes: '',
          pollPolicy: {},
          sendTokenOnQuery: true,
          allowInsecureHttp: false,
          confirmBeforeFiring: false,
          caFileNeeded: false,
          presets: [],
        },
      ],
    };
    await expect(core.applyImport(file, {})).rejects.toThrow(
      /Robot "Plain" in the file cannot be imported: baseUrl: .*Nothing was imported/,
    );
    expect(await catalogBytes(core)).toEqual(before);
  });
});
