import { describe, expect, test } from 'vitest';
import { planImport } from '../../src/core/sharing/importPlan.ts';
import { teamPresetId, teamRobotId } from '../../src/core/team/teamRecords.ts';
import { ExportFile, parseExportFile } from '../../src/shared/models/exportFile.ts';
import { Robot } from '../../src/shared/models/robot.ts';

const file = (robots: object[]) =>
  ExportFile.parse({ format: 'robot-tray-export', version: 1, exportedAt: 0, robots });
const here = (name: string, baseUrl: string, token = false) =>
  Robot.parse({
    id: `id-${name}`,
    name,
    baseUrl,
    createdAt: 0,
    updatedAt: 0,
    tokenUpdatedAt: token ? 1 : null,
  });

describe('planImport (pure)', () => {
  test('a robot that cannot be saved blocks the import unless it is skipped', () => {
    const bad = file([{ name: 'Plain', baseUrl: 'http://plain.example' }]);
    expect(planImport(bad, [], []).ready).toBe(false);
    const existing = [here('plain', 'https://plain.example')];
    const skipped = planImport(bad, existing, [], { existing: 'skip' });
    expect(skipped.robots[0]).toMatchObject({ action: 'skip', problem: expect.stringContaining('baseUrl') });
    expect(skipped.ready).toBe(true);
  });

  test('a choice for one robot by name wins over the choice for all', () => {
    const plan = planImport(
      file([
        { name: 'A', baseUrl: 'https://a.example' },
        { name: 'B', baseUrl: 'https://b.example' },
      ]),
      [here('A', 'https://a.example', true), here('B', 'https://b.example')],
      [],
      { existing: 'skip', robots: { A: 'replace' } },
    );
    expect(plan.robots.map((s) => [s.name, s.action, s.token])).toEqual([
      ['A', 'replace', 'kept'],
      ['B', 'skip', 'unchanged'],
    ]);
  });

  test('a file allowing plain http to another machine says where the token would travel unencrypted', () => {
    const plan = planImport(
      file([
        { name: 'Plain', baseUrl: 'http://robots.corp:8080', allowInsecureHttp: true },
        { name: 'Local', baseUrl: 'http://127.0.0.1:4780', allowInsecureHttp: true },
        { name: 'Secure', baseUrl: 'https://robots.corp', allowInsecureHttp: true },
        { name: 'Kept', baseUrl: 'http://kept.corp', allowInsecureHttp: true },
      ]),
      [here('Kept', 'https://kept.corp')],
      [],
      { existing: 'skip' },
    );
    expect(plan.robots.map((s) => [s.name, s.plainHttpTo])).toEqual([
      ['Plain', 'robots.corp:8080'],
      // Loopback needs no permission, https none either, and a skipped robot changes nothing.
      ['Local', null],
      ['Secure', null],
      ['Kept', null],
    ]);
    expect(plan.ready).toBe(true);
    const replaced = planImport(
      file([{ name: 'Kept', baseUrl: 'http://kept.corp', allowInsecureHttp: true }]),
      [here('Kept', 'https://kept.corp')],
      [],
      { existing: 'replace' },
    );
    expect(replaced.robots[0]!.plainHttpTo).toBe('kept.corp');
  });

  test("a name equal to another robot's id is refused", () => {
    const plan = planImport(
      file([{ name: 'id-x', baseUrl: 'https://a.example' }]),
      [here('x', 'https://x.example')],
      [],
    );
    expect(plan.robots[0]!.problem).toMatch(/another robot's id/);
  });
});

describe('team ids', () => {
  test('derive from names alone, whatever the case, and differ between robots and presets', () => {
    expect(teamRobotId('Orders')).toBe(teamRobotId(' orders '));
    expect(teamRobotId('Orders')).toMatch(/^team-[0-9a-f]{20}$/);
    expect(teamRobotId('Orders')).not.toBe(teamRobotId('Billing'));
    expect(teamPresetId('Orders', 'Daily')).not.toBe(teamPresetId('Billing', 'Daily'));
  });
});

describe('parseExportFile', () => {
  test('counts are bounded, and tokens or ids in a file are never read into it', () => {
    const many = {
      format: 'robot-tray-export',
      version: 1,
      exportedAt: 0,
      robots: Array.from({ length: 501 }, (_, i) => ({ name: `R${i}`, baseUrl: 'https://r.example' })),
    };
    expect(parseExportFile(JSON.stringify(many))).toEqual({
      problem: expect.stringMatching(/robots: must hold at most 500 robots/),
    });
    const sneaky = {
      format: 'robot-tray-export',
      version: 1,
      exportedAt: 0,
      robots: [
        {
          name: 'R',
          baseUrl: 'https://r.example',
          id: 'x',
          token: 'secret-secret-secret',
          caFile: '/etc/passwd',
          pinnedCertSha256: 'AA',
          presets: [{ name: 'P', id: 'y', robotId: 'z' }],
        },
      ],
    };
    const parsed = parseExportFile(JSON.stringify(sneaky));
    expect(JSON.stringify(parsed)).not.toMatch(/secret|passwd|"id"|robotId|pinnedCert/);
  });
});
