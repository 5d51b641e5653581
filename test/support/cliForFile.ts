import { afterAll, beforeAll } from 'vitest';
import { CliHarness } from './cliHarness.ts';

/**
 * One CliHarness for the tests of a file: opened before them with a robot of
 * one's own ("Mine", whose token is among the secrets no output may hold),
 * closed after them (checking that none did). Call the result in a test.
 */
export function cliForFile(): () => CliHarness {
  let h: CliHarness | undefined;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Mine', flow: [] });
  });
  afterAll(async () => h?.close());
  return () => h!;
}
