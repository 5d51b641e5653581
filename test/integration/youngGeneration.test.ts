import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';

const run = promisify(execFile);
const moduleUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../src/core/youngGeneration.ts')).href;

/**
 * A fresh Node process that allocates as a busy app does (short-lived
 * objects, with a few thousand kept a while, as calls in flight are) and
 * prints its young generation's committed size in MiB at the end.
 */
async function youngGenerationAfterChurn(bounded: boolean): Promise<number> {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${bounded ? `(await import(${JSON.stringify(moduleUrl)})).keepYoungGenerationSmall();` : ''}
    const inFlight = [];
    for (let i = 0; i < 400_000; i++) {
      inFlight.push({ id: 'call-' + i, body: JSON.parse(JSON.stringify({ text: 'x'.repeat(200), i })) });
      if (inFlight.length > 20_000) inFlight.splice(0, 10_000);
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(young.physical_space_size / 2 ** 20);
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

describe("V8's young generation in the app's main process", () => {
  test('stays at its starting size under sustained allocation, where left alone it grows several times over', async () => {
    const [free, bounded] = await Promise.all([
      youngGenerationAfterChurn(false),
      youngGenerationAfterChurn(true),
    ]);
    // The churn is enough to make it grow when nothing holds it...
    expect(free).toBeGreaterThan(8);
    // ...and held, it keeps its 1 MiB semi-spaces (2 MiB committed, some slack).
    expect(bounded).toBeLessThanOrEqual(4);
  }, 60_000);
});
