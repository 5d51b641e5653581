import { afterEach, describe, expect, test } from 'vitest';
import { originOf } from '../../src/shared/models/tokenOrigin.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { FakeClock } from '../support/fakeClock.ts';

let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

describe('AppCore robots, presets, tokens, history and settings', () => {
  test('presets: create, update, duplicate, reorder, delete', async () => {
    h = await openCoreHarness();
    const robot = await h.core.createRobot({ name: 'Orders', baseUrl: 'https://orders.example' });
    const daily = await h.core.createPreset({ robotId: robot.id, name: 'Daily', args: { d: 1 } });
    const weekly = await h.core.createPreset({ robotId: robot.id, name: 'Weekly', method: 'GET' });
    await expect(h.core.createPreset({ robotId: robot.id, name: 'daily' })).rejects.toThrow(
      /already has a preset/,
    );
    const copy = await h.core.duplicatePreset(daily.id);
    const copy2 = await h.core.duplicatePreset(daily.id);
    expect([copy.name, copy2.name]).toEqual(['Daily copy', 'Daily copy 2']);
    expect(copy.args).toEqual({ d: 1 });
    await h.core.updatePreset(weekly.id, { pinnedToTray: true, args: { w: [1, 2] } });
    await h.core.reorderPresets(robot.id, [weekly.id, copy2.id, daily.id, copy.id]);
    expect((await h.core.listPresets(robot.id)).map((p) => p.name)).toEqual([
      'Weekly',
      'Daily copy 2',
      'Daily',
      'Daily copy',
    ]);
    await expect(h.core.reorderPresets(robot.id, [weekly.id])).rejects.toThrow(/exactly once/);
    await h.core.deletePreset(copy.id);
    const left = await h.core.listPresets(robot.id);
    expect(left).toHaveLength(3);
    expect(left[0]).toMatchObject({ name: 'Weekly', pinnedToTray: true, method: 'GET', args: { w: [1, 2] } });
    await expect(h.core.createPreset({ robotId: robot.id, name: 'Bad', args: [1] })).rejects.toThrow(/args/);
  });

  test('robots: a trigger URL saved as the base is refused with the base to use, nothing saved', async () => {
    h = await openCoreHarness();
    await expect(
      h.core.createRobot({ name: 'Orders', baseUrl: 'https://orders.example/main/public/webhook/request' }),
    ).rejects.toThrow(
      /baseUrl: already holds the service path .*use the base https:\/\/orders\.example instead/,
    );
    expect(await h.core.listRobots()).toEqual([]);
    const robot = await h.core.createRobot({ name: 'Orders', baseUrl: 'https://orders.example' });
    await expect(
      h.core.updateRobot(robot.id, { baseUrl: 'https://orders.example/main/public/webhook/request' }),
    ).rejects.toThrow(/already holds the service path/);
    expect((await h.core.listRobots())[0]?.baseUrl).toBe('https://orders.example');
  });

  test('robots: update, look up by name, token status repaired from the keychain', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Keyed', flow: [] });
    expect(robot.hasToken).toBe(true);
    const renamed = await h.core.updateRobot(robot.id, { name: 'Keyed v2', notes: 'uses the EU service' });
    expect((await h.core.getRobot('keyed V2')).id).toBe(renamed.id);
    expect(await h.core.tokenStatus(robot.id)).toMatchObject({ hasToken: true });
    const cleared = await h.core.clearToken(robot.id);
    expect(cleared).toMatchObject({ hasToken: false, changed: true });
    expect((await h.core.getRobot(robot.id)).hasToken).toBe(false);
    // A second clear finds nothing to delete, and says so.
    expect((await h.core.clearToken(robot.id)).changed).toBe(false);
    expect(await h.core.tokenStatus(robot.id)).toEqual({
      hasToken: false,
      updatedAt: null,
      origin: originOf(robot.baseUrl),
      suspended: null,
      changed: false,
    });
    await expect(h.core.fire(robot.id, { method: 'POST', args: {} })).rejects.toThrow(/has no token yet/);
    await expect(h.core.setToken(robot.id, '  ')).rejects.toThrow(/token: must not be empty/);
  });

  test('a token that cannot travel in a header is refused when stored', async () => {
    h = await openCoreHarness();
    const robot = await h.core.createRobot({ name: 'R', baseUrl: 'https://r.example' });
    await expect(h.core.setToken(robot.id, 'tøken€')).rejects.toThrow(/plain ASCII/);
    expect((await h.core.getRobot(robot.id)).hasToken).toBe(false);
  });

  test('calls: refire sends the same arguments; forget and clear finished', async () => {
    const clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const first = await h.core.fire(robot.id, { method: 'POST', args: { n: 1 } });
    clock.runNext();
    await h.waitForCall(first.id, (c) => c.state === 'done');
    const again = await h.core.refire(first.id);
    expect(again.id).not.toBe(first.id);
    expect(again.args).toEqual({ n: 1 });
    expect(h.core.getCall(again.webhookCallId!).id).toBe(again.id);
    expect(h.core.listCalls({ states: ['waiting'] }).map((c) => c.id)).toEqual([again.id]);
    expect(h.core.listCalls({ text: 'echo' })).toHaveLength(2);
    expect(h.core.clearFinished()).toBe(1);
    h.core.forgetCall(again.id);
    expect(h.core.listCalls()).toEqual([]);
    expect(() => h.core.getCall(again.id)).toThrow(/not found/);
    expect(h.core.watchingCount).toBe(0);
  });

  test('refire with changes sends exactly the given arguments in place of those the call sent, preset not merged in', async () => {
    const clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 } });
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const args = { customer: 'C-17', note: 'drop me' };
    const preset = await h.core.createPreset({ robotId: robot.id, name: 'Nightly', method: 'POST', args });
    const first = await h.core.fire(robot.id, { presetId: preset.id });
    const changed = await h.core.refire(first.id, { method: 'GET', args: { customer: 'C-99' } });
    expect(changed.args).toEqual({ customer: 'C-99' });
    expect(changed.method).toBe('GET');
    expect(changed.presetId).toBe(preset.id);
    expect((await h.core.listPresets(robot.id))[0]?.args).toEqual(args);
  });

  test('fire with a preset merges given arguments over its own, unless replaceArgs makes them the whole set', async () => {
    h = await openCoreHarness();
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const preset = await h.core.createPreset({
      robotId: robot.id,
      name: 'Nightly',
      method: 'POST',
      args: { customer: 'C-17', note: 'drop me' },
    });
    const merged = await h.core.fire(robot.id, { presetId: preset.id, args: { customer: 'C-99' } });
    expect(merged.args).toEqual({ customer: 'C-99', note: 'drop me' });
    const replaced = await h.core.fire(robot.id, {
      presetId: preset.id,
      args: { customer: 'C-99' },
      replaceArgs: true,
    });
    expect(replaced.args).toEqual({ customer: 'C-99' });
    expect(replaced.presetId).toBe(preset.id);
  });

  test('settings are validated, saved and applied', async () => {
    h = await openCoreHarness();
    await expect(h.core.updateSettings({ historyLimit: 1 })).rejects.toThrow(/historyLimit/);
    const s = await h.core.updateSettings({ historyLimit: 50, pollPolicy: { maxDelayMs: 2_000 } });
    expect(s.historyLimit).toBe(50);
    const core = await h.reopen();
    expect(core.getSettings()).toMatchObject({ historyLimit: 50, pollPolicy: { maxDelayMs: 2_000 } });
  });

  test('a history size below the largest response read is refused, naming both and the fix; nothing is saved', async () => {
    h = await openCoreHarness();
    const MiB = 1024 * 1024;
    const sentence =
      'The history size (10 MiB) is smaller than the largest response read (50 MiB), so a call with a ' +
      'response that large could not be kept. Make the history size at least 50 MiB, or the largest ' +
      'response at most 10 MiB.';
    await expect(h.core.updateSettings({ historyMaxBytes: 10 * MiB })).rejects.toMatchObject({
      kind: 'validation',
      message: sentence,
    });
    await expect(
      h.core.updateSettings({ historyMaxBytes: 20 * MiB, http: { queryResponseCapBytes: 30 * MiB } }),
    ).rejects.toThrow('Make the history size at least 30 MiB, or the largest response at most 20 MiB.');
    const core = await h.reopen();
    expect(core.getSettings()).toMatchObject({
      historyMaxBytes: 1024 * MiB,
      http: { queryResponseCapBytes: 50 * MiB },
    });
    // Both at once, in an order that passes: saved.
    const s = await core.updateSettings({
      historyMaxBytes: 10 * MiB,
      http: { queryResponseCapBytes: 10 * MiB },
    });
    expect(s).toMatchObject({ historyMaxBytes: 10 * MiB, http: { queryResponseCapBytes: 10 * MiB } });
  });
});
