import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseFireLink } from '../../src/shared/links/fireLink.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/**
 * `robot-tray link` prints a robot-tray:// link for a robot and preset, read
 * back by the app as the same thing; `robot-tray open` shows what a link
 * would open, and neither ever sends anything.
 */
describe('robot-tray link and open', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    const robot = await h.addRobot({ name: 'Order sync', flow: echo });
    await (
      await h.core()
    ).createPreset({
      robotId: robot.id,
      name: 'Refund one',
      args: { reason: 'late', customer: { $field: 'customerId' }, by: { $field: 'robot' } },
      fields: [
        { name: 'customerId', type: 'number', required: true },
        { name: 'robot', type: 'text', default: 'me' },
        { name: 'note', type: 'text' },
        { name: 'pin', type: 'text', secret: true },
      ],
    });
  });
  afterAll(() => h?.close());

  test('link prints one link that parses back to the stored names and the fields given', async () => {
    const out = await h.run([
      'link',
      'create',
      'order SYNC',
      '--preset',
      'refund one',
      '--field',
      'customerId=123',
      '--field',
      'robot=R&D',
      '--field',
      'note=a b+c=d',
    ]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^robot-tray:\/\/fire\?robot=Order%20sync&preset=Refund%20one&customerId=123&/);
    expect(parseFireLink(lines[0])).toEqual({
      ok: true,
      link: {
        robot: 'Order sync',
        preset: 'Refund one',
        fields: { customerId: '123', robot: 'R&D', note: 'a b+c=d' },
      },
    });
  });

  test('a token-like field, a field twice, fields without a preset, an unknown preset: refused, nothing printed', async () => {
    const secret = await h.run([
      'link',
      'create',
      'Order sync',
      '--preset',
      'Refund one',
      '--field',
      'token=canary-77',
    ]);
    expect(secret.code).toBe(2);
    expect(secret.stdout).toBe('');
    expect(secret.stderr).toMatch(/looks like a secret, and links never carry one/);
    expect(secret.stderr).not.toContain('canary-77');
    const twice = await h.run([
      'link',
      'create',
      'Order sync',
      '--preset',
      'Refund one',
      '--field',
      'a=1',
      '--field',
      'a=2',
    ]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--field a is given twice/);
    const noPreset = await h.run(['link', 'create', 'Order sync', '--field', 'a=1']);
    expect(noPreset.code).toBe(2);
    expect(noPreset.stderr).toMatch(/--field needs --preset/);
    for (const [field, words] of [
      ['pin=1234', /secret field "pin", and links never carry secret values/],
      ['customerId=abc', /the field customerId must be a number like 42/],
      [
        'nope=1',
        /"nope", and the preset "Refund one" has no field by that name \(its fields are customerId, robot, note, pin\)/,
      ],
    ] as const) {
      const refused = await h.run([
        'link',
        'create',
        'Order sync',
        '--preset',
        'Refund one',
        '--field',
        field,
      ]);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(words);
    }
    const unknown = await h.run(['link', 'create', 'Order sync', '--preset', 'Refund all']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no preset named "Refund all"/);
  });

  test('open shows what the link would send and sends nothing; a bad or unknown link says why', async () => {
    const link = (
      await h.run(['link', 'create', 'Order sync', '--preset', 'Refund one', '--field', 'customerId=123'])
    ).stdout.trim();
    const shown = await h.run(['open', link]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^robot +Order sync at http:\/\/127\.0\.0\.1:\d+$/m);
    expect(shown.stdout).toMatch(
      /^request +POST http:\/\/127\.0\.0\.1:\d+\/main\/public\/webhook\/request$/m,
    );
    expect(shown.stdout).toContain('"reason": "late"');
    // Filled as firing would fill them: the link's value typed, the default where it gave none.
    expect(shown.stdout).toContain('"customer": 123');
    expect(shown.stdout).toContain('"by": "me"');
    const unfilled = await h.run([
      'link',
      'show',
      'robot-tray://fire?robot=Order%20sync&preset=Refund%20one',
    ]);
    expect(unfilled.stdout).toMatch(/^to fill in +customerId: is required and has no default/m);
    expect(shown.stdout).toMatch(/Nothing was fired/);
    const bad = await h.run(['link', 'show', 'robot-tray://fire?robot=Order%zz']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/This link cannot be opened: .*broken %-escape/);
    const unknown = await h.run(['open', 'robot-tray://fire?robot=Invoices']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/robot "Invoices", and Robot Tray has no robot of that name/);
    expect(h.sandbox.requests()).toEqual([]);
  });

  test("link show lists each field's value as the link fills it, and never a secret field's value", async () => {
    const link = (
      await h.run([
        'link',
        'create',
        'Order sync',
        '--preset',
        'Refund one',
        '--field',
        'customerId=123',
        '--field',
        'note=second try',
      ])
    ).stdout.trim();
    const shown = await h.run(['link', 'show', link]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(
        '^fields +customerId = 123 \\(from the link\\)\n' +
          ' +robot = me \\(its default\\)\n' +
          ' +note = second try \\(from the link\\)\n' +
          ' +pin: \\(secret: asked for when the run is fired, never in a link\\)$',
        'm',
      ),
    );
    const empty = await h.run(['link', 'show', 'robot-tray://fire?robot=Order%20sync&preset=Refund%20one']);
    expect(empty.stdout).toMatch(/^fields +customerId: \(not filled; required\)$/m);
    expect(empty.stdout).toMatch(/^ +note: \(not filled\)$/m);
    // A link someone wrote by hand with a secret value: refused, and the value is not repeated.
    const smuggled = await h.run([
      'link',
      'show',
      'robot-tray://fire?robot=Order%20sync&preset=Refund%20one&customerId=1&pin=4821',
    ]);
    expect(smuggled.stdout + smuggled.stderr).not.toContain('4821');
    expect(h.sandbox.requests()).toEqual([]);
  });

  test("a team catalog's robot and preset: link writes them by name, open reads them back, one's own name first", async () => {
    const file = path.join(h.home, 'support-team.json');
    const robots = [
      {
        name: 'Team billing',
        baseUrl: 'https://billing.example',
        presets: [{ name: 'Month end', args: { m: 1 } }],
      },
      { name: 'order SYNC', baseUrl: 'https://theirs.example', presets: [{ name: 'Team only' }] },
    ];
    await writeFile(file, catalogText(robots));
    await (await h.core()).followTeamCatalog(file);

    const link = (await h.run(['link', 'create', 'team billing', '--preset', 'month end'])).stdout.trim();
    expect(link).toBe('robot-tray://fire?robot=Team%20billing&preset=Month%20end');
    const shown = await h.run(['open', link]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^robot +Team billing at https:\/\/billing\.example$/m);
    expect(shown.stdout).toContain('"m": 1');
    // A team robot named like one's own: the link is one's own robot's, and says why the team's preset is not reached.
    const mine = await h.run(['open', 'robot-tray://fire?robot=Order%20sync&preset=Team%20only']);
    expect(mine.code).toBe(2);
    expect(mine.stderr).toMatch(/your own robot of that name comes first/);
    await (await h.core()).followTeamCatalog(null);
    expect(h.sandbox.requests()).toEqual([]);
  });
});
