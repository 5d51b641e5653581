import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { beforeAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const SERVICE = 'robot-tray';

/** What the Secret Service holds, read by a tool we did not write. */
async function secretToolLookup(account: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('secret-tool', ['lookup', 'service', SERVICE, 'account', account]);
    return stdout;
  } catch (error) {
    // secret-tool exits 1 with no output when nothing matches.
    if ((error as { code?: number }).code === 1) return undefined;
    throw error;
  }
}

describe('keychain round trip through keytar and a real Secret Service', () => {
  beforeAll(() => {
    if (!process.env['DBUS_SESSION_BUS_ADDRESS']) {
      throw new Error(
        'No D-Bus session: run the suite with `npm test` (test/support/with-keyring.sh sets one up).',
      );
    }
  });

  test('stores, reads, replaces and deletes a robot token', async () => {
    const account = `robot-${randomUUID()}`;
    expect(await keytar.getPassword(SERVICE, account)).toBeNull();

    await keytar.setPassword(SERVICE, account, 'first-token-value');
    expect(await keytar.getPassword(SERVICE, account)).toBe('first-token-value');
    expect(await secretToolLookup(account)).toBe('first-token-value');

    await keytar.setPassword(SERVICE, account, 'second-token-value');
    expect(await keytar.getPassword(SERVICE, account)).toBe('second-token-value');
    expect(await secretToolLookup(account)).toBe('second-token-value');
    const items = (await keytar.findCredentials(SERVICE)).filter((c) => c.account === account);
    expect(items).toHaveLength(1);

    expect(await keytar.deletePassword(SERVICE, account)).toBe(true);
    expect(await keytar.getPassword(SERVICE, account)).toBeNull();
    expect(await secretToolLookup(account)).toBeUndefined();
  });
});
