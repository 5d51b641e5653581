import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { Handlers } from '../../src/main/ipc/handlers.ts';
import { storedCallsWindow } from '../support/storedCallsWindow.ts';

/**
 * The history's byte budget against the call on screen: the window tells
 * main which call it shows, and no prune, here or in another process (a
 * command), removes that call until the window stops showing it.
 */
describe('the call on screen stays while it is shown', () => {
  const stored = storedCallsWindow('robot-tray-shown-');

  test('a call open in the window outlives another process’s prune until it is closed; the call that ended last outlives both', async () => {
    const start = Date.UTC(2026, 0, 1);
    const app = await stored.open((robotId) =>
      ['first', 'second', 'last'].map((id, i) => ({
        id,
        robotId,
        robotName: 'Reports',
        presetName: `Run ${id}`,
        webhookCallId: `wh-${id}`,
        createdAt: start + i * 1_000,
        response: { report: 'y'.repeat(100_000) },
      })),
    );
    const { page } = app;
    page.setDefaultTimeout(20_000);

    // What the window tells main, heard as main's handler runs it.
    const handlers = app.shell.handlers as { -readonly [M in keyof Handlers]: Handlers[M] };
    const showing = handlers.showingCall;
    const told: Array<string | null> = [];
    const waiters: Array<() => void> = [];
    handlers.showingCall = (request) => {
      const answer = showing(request);
      told.push(request.id);
      for (const wake of waiters.splice(0)) wake();
      return answer;
    };
    const toldOf = async (id: string | null) => {
      while (!told.includes(id)) await new Promise<void>((resolve) => waiters.push(resolve));
    };

    await page.locator('.call-row[data-call-id="first"]').dblclick();
    await toldOf('first');
    const command = CallHistory.open(path.join(stored.dataDir, 'history.sqlite'), new WarningLog());
    const kept = () =>
      command
        .list()
        .map((c) => c.id)
        .sort();
    try {
      expect(command.prune(1_000_000, true, 1)).toBe(1);
      expect(kept()).toEqual(['first', 'last']);
      await page.getByRole('heading', { name: /Run first/ }).waitFor();

      await page.keyboard.press('Escape');
      await toldOf(null);
      expect(command.prune(1_000_000, true, 1)).toBe(1);
      expect(kept()).toEqual(['last']);
    } finally {
      command.close();
    }
  });
});
