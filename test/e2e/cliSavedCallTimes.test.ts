import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cliForFile } from '../support/cliForFile.ts';
import { savedCallWithTime } from '../support/savedCallFile.ts';

describe('robot-tray and a saved call whose time no date can be', () => {
  const cli = cliForFile();

  test('report and show refuse it naming the field (exit 2), not with an unexpected error', async () => {
    const h = cli();
    const file = path.join(h.home, 'far-future.json');
    await writeFile(file, savedCallWithTime(1e300));
    const good = path.join(h.home, 'good.json');
    await writeFile(good, savedCallWithTime(Date.UTC(2026, 0, 1)));
    expect((await h.run(['report', good])).code).toBe(0);
    for (const args of [
      ['report', file],
      ['show', file],
    ]) {
      const result = await h.run(args);
      expect(result, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toBe(
        `robot-tray: ${file} is damaged: call.createdAt: must be a time before the year 10000 (milliseconds since 1970).\n`,
      );
    }
  }, 60_000);
});
