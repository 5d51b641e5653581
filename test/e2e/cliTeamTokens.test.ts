import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { suspensionSentence } from '../../src/shared/models/tokenOrigin.ts';
import { cliForFile } from '../support/cliForFile.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/** A team robot's token through the real bin: moved by the catalog, and on `team stop`. */
describe("robot-tray and a team robot's token", () => {
  const cli = cliForFile();
  const token = 'team-token-for-orders-cli-0000001';

  test('moved to another host it is suspended as an own robot’s is; team stop says what becomes of the tokens', async () => {
    const h = cli();
    h.secrets.add(token);
    const file = path.join(h.home, 'team.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    expect((await h.run(['team', 'follow', file])).code).toBe(0);
    expect((await h.run(['token', 'set', 'Orders'], { input: token })).code).toBe(0);

    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://elsewhere.example' }]));
    const suspended = { from: 'https://orders.example', to: 'https://elsewhere.example' };
    expect((await h.run(['token', 'status', 'Orders'])).stdout).toBe(
      `${suspensionSentence('Orders', suspended)}\n`,
    );
    expect((await h.run(['robot', 'list'])).stdout).toMatch(
      /Orders +https:\/\/elsewhere\.example +set for https:\/\/orders\.example, not confirmed/,
    );

    const kept = await h.run(['team', 'stop', '--keep-tokens']);
    expect(kept.stdout).toBe(
      `Stopped following the team catalog ${file}. Its robots' 1 token stays in the system keychain, used again if you follow a catalog with these robots.\n`,
    );
    expect((await h.run(['team', 'follow', file])).code).toBe(0);
    expect((await h.run(['token', 'move', 'Orders'])).stdout).toBe(
      'The token of robot "Orders" set for https://orders.example is now used for https://elsewhere.example.\n',
    );
    const stopped = await h.run(['team', 'stop']);
    expect(stopped).toMatchObject({ code: 0, stderr: '' });
    expect(stopped.stdout).toBe(
      `Stopped following the team catalog ${file}. Removed its robots' 1 token from the system keychain; set them again if you follow it again.\n`,
    );
    expect((await h.run(['team', 'follow', file])).code).toBe(0);
    expect(await h.json(['token', 'status', 'Orders'])).toMatchObject({ hasToken: false, suspended: null });
  }, 90_000);
});
