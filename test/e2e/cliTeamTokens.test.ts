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

  test('team copy brings the token for the same address along, and says why when it does not', async () => {
    const h = cli();
    const copyToken = 'team-token-for-ledger-cli-00000002';
    const movedToken = 'team-token-for-stock-cli-000000003';
    h.secrets.add(copyToken).add(movedToken);
    const file = path.join(h.home, 'copy-team.json');
    const robots = [
      { name: 'Ledger', baseUrl: 'https://ledger.example' },
      { name: 'Stock', baseUrl: 'https://stock.example' },
      { name: 'Audit', baseUrl: 'https://audit.example' },
    ];
    await writeFile(file, catalogText(robots));
    expect((await h.run(['team', 'follow', file])).code).toBe(0);
    expect((await h.run(['token', 'set', 'Ledger'], { input: copyToken })).code).toBe(0);
    expect((await h.run(['token', 'set', 'Stock'], { input: movedToken })).code).toBe(0);
    robots[1] = { name: 'Stock', baseUrl: 'https://stock-new.example' };
    await writeFile(file, catalogText(robots));

    const ledger = await h.run(['team', 'copy', 'Ledger']);
    expect(ledger).toMatchObject({ code: 0, stderr: '' });
    expect(ledger.stdout).toBe(
      'Copied "Ledger" and its presets to your robots. Its token came along, for https://ledger.example as the team robot\'s.\n',
    );
    // Ledger is one's own robot now (listed first by its name), its token ready at the same address.
    expect(await h.json(['token', 'status', 'Ledger'])).toMatchObject({ hasToken: true, suspended: null });

    const stock = await h.run(['team', 'copy', 'Stock']);
    expect(stock.stdout).toBe(
      'Copied "Stock" and its presets to your robots. Its token did not come along: the team robot\'s token is ' +
        'for https://stock.example, and the robot points at https://stock-new.example; a token goes to another ' +
        'address only when you confirm it. Set its token with: robot-tray token set Stock\n',
    );
    expect(await h.json(['token', 'status', 'Stock'])).toMatchObject({ hasToken: false, suspended: null });

    const audit = await h.run(['team', 'copy', 'Audit']);
    expect(audit.stdout).toBe(
      'Copied "Audit" and its presets to your robots. The team robot has no token on this desk, so the copy has ' +
        'none. Set its token with: robot-tray token set Audit\n',
    );
    for (const name of ['Ledger', 'Stock', 'Audit'])
      expect((await h.run(['robot', 'remove', name])).code).toBe(0);
    expect((await h.run(['team', 'stop'])).code).toBe(0);
  }, 90_000);
});
