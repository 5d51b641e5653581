import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RobotView } from '../../src/shared/models/robot.ts';
import type { TeamCatalogState } from '../../src/shared/models/teamCatalog.ts';
import { cliForFile } from '../support/cliForFile.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/**
 * An address whose text the URL parser reads as another host
 * (`robots%2Eexample.com` is robots.example.com): what Robot Tray lists is
 * where the token goes.
 */
describe('robot-tray and an address that parses differently from how it reads', () => {
  const cli = cliForFile();

  test('robot list and team status show the host the token goes to, and token set names that origin', async () => {
    const h = cli();
    const added = await h.run([
      'robot',
      'add',
      '--name',
      'Dotted',
      '--base-url',
      'https://robots%2Eexample.com/base/',
    ]);
    expect(added.stdout).toContain('Added robot "Dotted" at https://robots.example.com/base');
    const team = path.join(h.home, 'team.json');
    await writeFile(team, catalogText([{ name: 'Shared', baseUrl: 'HTTPS://Team%2Eexample.COM:443/x' }]));
    expect((await h.run(['team', 'follow', team])).code).toBe(0);

    const list = await h.json<RobotView[]>(['robot', 'list']);
    expect(list.find((r) => r.name === 'Dotted')?.baseUrl).toBe('https://robots.example.com/base');
    expect((await h.run(['robot', 'list'])).stdout).not.toContain('%2E');
    const status = await h.json<TeamCatalogState>(['team', 'status']);
    expect(status.robots.map((r) => r.baseUrl)).toEqual(['https://team.example.com/x']);

    const token = 'a-token-for-the-dotted-host-0001';
    h.secrets.add(token);
    expect((await h.run(['token', 'set', 'Dotted'], { input: token })).stdout).toBe(
      'Stored the token of robot "Dotted" in the system keychain, for https://robots.example.com only.\n',
    );
    const teamToken = 'a-token-for-the-team-host-00002';
    h.secrets.add(teamToken);
    expect((await h.run(['token', 'set', 'Shared'], { input: teamToken })).stdout).toBe(
      'Stored the token of robot "Shared" in the system keychain, for https://team.example.com only.\n',
    );
    await h.run(['token', 'clear', 'Shared']);
  }, 60_000);
});
