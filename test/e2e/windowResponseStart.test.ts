import { describe, expect, test } from 'vitest';
import { nestedDocument } from '../../bench/viewer/documents.ts';
import type { Handlers } from '../../src/main/ipc/handlers.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { storedCallsWindow } from '../support/storedCallsWindow.ts';

/**
 * Opening a call with a long response: main hands the window the response's
 * start first, and the first rows show from it while the whole is on its way
 * (a 20 MB whole takes main and IPC about a second). Here main's answer with
 * the whole is held back until the test lets it go.
 */
describe("a long response's first rows come before the whole of it", () => {
  const stored = storedCallsWindow('robot-tray-start-');

  test('rows from the start while the whole is held back; copying waits for the whole; then the whole takes over', async () => {
    const text = nestedDocument(1_000_000).text;
    const count = (JSON.parse(text) as { benchMeta: { count: number } }).benchMeta.count;
    const app = await stored.open((robotId) => [
      {
        id: 'call-long',
        robotId,
        robotName: 'Reports',
        presetName: 'Long',
        webhookCallId: 'wh-long',
        response: JSON.parse(text) as Call['response'],
      },
    ]);
    const { page } = app;
    page.setDefaultTimeout(30_000);

    const handlers = app.shell.handlers as { -readonly [M in keyof Handlers]: Handlers[M] };
    const getCall = handlers.getCall;
    let asked: () => void = () => undefined;
    const wholeAsked = new Promise<void>((resolve) => (asked = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    handlers.getCall = async (request) => {
      asked();
      await released;
      return getCall(request);
    };

    await page.locator('.call-row[data-call-id="call-long"]').dblclick();
    const viewer = page.getByTestId('json-viewer');
    await viewer.getByRole('treeitem', { name: /^benchMeta: \{…\}/ }).waitFor();
    await viewer.getByRole('treeitem', { name: /^0: \{…\} object · 8 keys/ }).waitFor();
    // The whole was asked for once the start was in, and is still held back.
    await wholeAsked;
    await expect
      .poll(() => viewer.getByRole('status').textContent())
      .toBe('Showing the start while reading the rest (1.0 MB)…');
    expect(await viewer.getByRole('button', { name: 'Copy all' }).isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
    // The records' count is known only from the whole.
    const records = viewer.getByRole('treeitem', {
      name: `records: […] array · ${count.toLocaleString('en-US')} items`,
    });
    expect(await records.count()).toBe(0);

    release();
    await records.waitFor();
    expect(await viewer.getByRole('button', { name: 'Copy all' }).isDisabled()).toBe(false);
    await expect.poll(() => viewer.getByRole('status').textContent()).toBe('');
  });
});
