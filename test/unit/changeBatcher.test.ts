import { expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { ChangeBatcher } from '../../src/core/tracker/changeBatcher.ts';

/** Call changes reach subscribers once per tick, in their latest form, and only while subscribed. */

const call = (id: string, pollCount: number) => ({ id, pollCount }) as Call;
const tick = () => new Promise((resolve) => setImmediate(resolve));

test('two changes of one call in a tick are told once, latest first; nothing pending tells nothing', async () => {
  const batcher = new ChangeBatcher();
  const heard: Call[][] = [];
  batcher.subscribe((changed) => heard.push(changed));
  batcher.add(call('a', 1));
  batcher.add(call('a', 2));
  batcher.add(call('b', 1));
  await tick();
  batcher.flush();
  expect(heard).toEqual([[call('a', 2), call('b', 1)]]);
});

test('a listener that unsubscribed hears nothing more; a failing one does not stop the others', async () => {
  const batcher = new ChangeBatcher();
  const heard: string[] = [];
  batcher.subscribe(() => {
    throw new Error('window closed');
  });
  const stop = batcher.subscribe((changed) => heard.push(...changed.map((c) => c.id)));
  batcher.add(call('a', 1));
  await tick();
  stop();
  batcher.add(call('b', 1));
  await tick();
  expect(heard).toEqual(['a']);
});
