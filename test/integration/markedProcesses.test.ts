import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { MARK_VARIABLE, markedProcesses } from '../support/markedProcesses.ts';

test('a process started with the mark is found while it runs, and its grandchildren too; none once they end', async () => {
  const mark = randomUUID();
  // A shell that starts a grandchild and waits: the benchmark, its sandbox.
  const child = spawn('sh', ['-c', 'sleep 60 & wait'], {
    env: { ...process.env, [MARK_VARIABLE]: mark },
    stdio: 'ignore',
    detached: true,
  });
  try {
    // Until the shell has started its sleep, there is one marked process; then two.
    let alive: string[] = [];
    while (alive.length < 2) alive = await markedProcesses(mark);
    expect(alive.map((line) => line.split(' ').slice(1).join(' ')).sort()).toEqual([
      'sh -c sleep 60 & wait',
      'sleep 60',
    ]);
    expect(await markedProcesses(randomUUID())).toEqual([]);
  } finally {
    process.kill(-child.pid!, 'SIGKILL');
  }
  await once(child, 'exit');
  let alive = await markedProcesses(mark);
  // The sleep got the same SIGKILL; it may take a moment to go (a zombie counts as gone).
  while (alive.length > 0) alive = await markedProcesses(mark);
  expect(alive).toEqual([]);
});
