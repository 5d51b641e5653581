import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppCore, type CoreEvent } from '../../src/core/appCore.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';

/**
 * The app and the CLI as two real processes on one data folder: what the
 * command does appears in the app as it happens, on events, never on reload.
 */
describe('the app sees what the CLI does', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond' as const, echo: true }] });
  });
  const apps: AppCore[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await h?.close();
  });

  test('a fire --wait call that started and finished while the app was open is announced, with its response', async () => {
    const app = await h.core();
    const seen: Call[] = [];
    const done = new Promise<Call>((resolve) => {
      app.subscribe((event: CoreEvent) => {
        if (event.type !== 'calls') return;
        seen.push(...event.calls);
        const finished = event.calls.find((c) => c.state === 'done');
        if (finished !== undefined) resolve(finished);
      });
    });
    const fired = await h.run(['fire', 'Echo', '--arg', 'n:=7', '--wait']);
    expect(fired.code).toBe(0);
    // Announced by the change feed (it reads the change log when SQLite's data_version moves),
    // awaited as an event: how soon is the feed's 200 ms check, not a clock in this test.
    const call = await done;
    expect(call.response).toEqual({ n: 7 });
    expect(app.listCalls().map((c) => c.id)).toContain(call.id);
    // Announced once it was there: the window never needs a reload to see it.
    expect(seen.every((c) => c.id === call.id)).toBe(true);
  });

  test('a robot the CLI adds is announced to the app', async () => {
    const app = await AppCore.open({ dataDir: h.home, resumeWatching: false, watchTeamCatalog: true });
    apps.push(app);
    const added = new Promise<string[]>((resolve) => {
      app.subscribe((event: CoreEvent) => {
        if (event.type === 'catalog' && event.robots.some((r) => r.name === 'Ledger')) {
          resolve(event.robots.map((r) => r.name));
        }
      });
    });
    const result = await h.run(['robot', 'add', '--name', 'Ledger', '--base-url', h.sandbox.baseUrl]);
    expect(result.code).toBe(0);
    expect(await added).toContain('Ledger');
  });

  test('history set: the limits the app and every command keep to, shared through the settings', async () => {
    const app = await AppCore.open({ dataDir: h.home, resumeWatching: false, watchTeamCatalog: true });
    apps.push(app);
    const changed = new Promise<number>((resolve) => {
      app.subscribe((event: CoreEvent) => {
        if (event.type === 'settings') resolve(event.settings.historyMaxBytes);
      });
    });
    const limits = await h.json(['history', 'set', '--max-size', '2 GiB', '--max-response', '10MiB']);
    expect(limits).toEqual({ maxCalls: 5000, maxBytes: 2 * 1024 ** 3, maxResponseBytes: 10 * 1024 ** 2 });
    expect(await changed).toBe(2 * 1024 ** 3);
    const shown = await h.run(['history', 'show']);
    expect(shown.stdout).toMatch(/^History size +at most 2 GiB, oldest finished calls pruned first$/m);
    expect(shown.stdout).toMatch(/^Largest response +10 MiB/m);
    const tooSmall = await h.run(['history', 'set', '--max-size', '1 MiB']);
    expect(tooSmall.code).toBe(2);
    // Named by its option, as typed, with the sizes it takes (not the setting's inner name).
    expect(tooSmall.stderr).toMatch(
      /^robot-tray: option '--max-size <SIZE>' argument '1 MiB' is invalid\. expected a size from 10 MiB to 1024 GiB/,
    );
    expect(tooSmall.stderr).not.toContain('historyMaxBytes');
    const tooLarge = await h.run(['history', 'set', '--max-response', '2 GiB']);
    expect(tooLarge.stderr).toContain(
      "option '--max-response <SIZE>' argument '2 GiB' is invalid. expected a size from 1 KiB to 1 GiB",
    );
    // A history smaller than the largest response read could not keep that response: refused, nothing changed.
    const belowCap = await h.run(['history', 'set', '--max-size', '10MiB', '--max-response', '20MiB']);
    expect(belowCap.code).toBe(2);
    expect(belowCap.stderr).toContain(
      'The history size (10 MiB) is smaller than the largest response read (20 MiB), so a call with a ' +
        'response that large could not be kept. Make the history size at least 20 MiB, or the largest ' +
        'response at most 10 MiB.',
    );
    expect(await h.json(['history', 'show', '--json'])).toMatchObject({ maxBytes: 2 * 1024 ** 3 });
    const notASize = await h.run(['history', 'set', '--max-response', 'big']);
    expect(notASize.code).toBe(2);
    expect(notASize.stderr).toContain('expected a size from 1 KiB to 1 GiB, such as 500 MiB or 2 GiB.');
  });
});
