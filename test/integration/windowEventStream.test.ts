import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { EVENTS_PATH, EventStream } from '../support/eventStream.ts';
import { serveDirectory } from '../support/staticServer.ts';

/**
 * The test window's event stream (windowHarness): main's events reach the
 * page in the order sent, those sent before the page listens included, one
 * message each; and closing the server ends the open stream rather than
 * waiting on it for ever.
 */
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** Reads server-sent messages from the stream until `count` have come. */
async function readMessages(body: ReadableStream<Uint8Array>, count: number): Promise<string[]> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const messages: string[] = [];
  while (messages.length < count) {
    // A stream the server ended (or cut) reads as done.
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done || value === undefined) break;
    text += value;
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      messages.push(text.slice(0, end));
      text = text.slice(end + 2);
    }
  }
  await reader.cancel().catch(() => undefined);
  return messages;
}

test('events sent before and after the page listens arrive in order, one message each; close ends the stream', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-event-stream-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const events = new EventStream();
  const server = await serveDirectory(dir, undefined, events);
  let closed = false;
  cleanup.push(async () => {
    if (!closed) await server.close();
  });

  events.send('{"n":1}');
  events.send('{"n":2}');
  const res = await fetch(server.url + EVENTS_PATH);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  events.send('{"n":3}');
  expect(await readMessages(res.body!, 3)).toEqual(['data: {"n":1}', 'data: {"n":2}', 'data: {"n":3}']);

  // A page still listening does not keep the server open.
  const open = await fetch(server.url + EVENTS_PATH);
  await server.close();
  closed = true;
  expect(await readMessages(open.body!, 1)).toEqual([]);
});
