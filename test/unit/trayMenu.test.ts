import { describe, expect, test } from 'vitest';
import { menuTemplate } from '../../src/main/tray/menuTemplate.ts';
import { nextRecentCalls } from '../../src/main/tray/recentCalls.ts';
import {
  trayIcon,
  trayMenu,
  type TrayAction,
  type TrayItem,
  type TrayState,
} from '../../src/main/tray/trayMenu.ts';
import { Call, callStates, type CallState } from '../../src/shared/models/call.ts';
import { summarizeCall, type CallSummary } from '../../src/shared/models/callSummary.ts';
import { Preset } from '../../src/shared/models/preset.ts';
import { Robot } from '../../src/shared/models/robot.ts';
import type { RobotView } from '../../src/shared/models/robotView.ts';

const robot = (id: string, more: Partial<RobotView> = {}): RobotView => ({
  ...Robot.parse({
    id,
    name: `Robot ${id}`,
    baseUrl: 'https://robots.example.com',
    createdAt: 1,
    updatedAt: 1,
  }),
  hasToken: true,
  tokenSuspended: null,
  ...more,
});
const preset = (id: string, robotId: string, pinnedToTray = true) =>
  Preset.parse({ id, robotId, name: `Preset ${id}`, pinnedToTray, createdAt: 1, updatedAt: 1 });
const call = (id: string, state: CallState, presetName: string | null = 'Nightly'): CallSummary =>
  summarizeCall(
    Call.parse({
      id,
      robotId: 'r1',
      robotName: 'Invoices',
      presetName,
      method: 'POST',
      args: {},
      state,
      createdAt: 1,
    }),
  );

const labels = (items: readonly TrayItem[]): string[] =>
  items.map((i) => (i.type === 'separator' ? '---' : i.type === 'submenu' ? `${i.label} >` : i.label));
const submenu = (items: readonly TrayItem[], label: string) => {
  const found = items.find((i) => i.type === 'submenu' && i.label === label);
  if (found?.type !== 'submenu') throw new Error(`no submenu ${label}`);
  return found.items;
};
const empty: TrayState = { robots: [], presets: [], recentCalls: [] };

describe('trayMenu', () => {
  test('a pinned preset says how long its calls usually run and how its last one ended, as long ago as it was', () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const items = trayMenu({
      ...empty,
      robots: [robot('r1')],
      presets: [preset('p1', 'r1'), preset('p2', 'r1'), preset('p3', 'r1')],
      runNotes: new Map([
        ['p1', { usual: 'usually done in 30–45 s', last: { state: 'done', at: now - 2 * 3_600_000 - 5 } }],
        ['p2', { usual: null, last: { state: 'failed', at: now - 20_000 } }],
        ['p3', { usual: null, last: null }],
      ]),
      now,
    });
    expect(labels(submenu(items, 'Robot r1'))).toEqual([
      'Preset p1 — usually done in 30–45 s · last done 2 h ago',
      'Preset p2 — last failed just now',
      'Preset p3',
    ]);
  });

  test('with no robots it offers the demo, and always Open and Quit', () => {
    const items = trayMenu(empty);
    expect(labels(items)).toEqual([
      'Try the demo',
      '---',
      'Recent calls >',
      '---',
      'Open Robot Tray',
      'Quit Robot Tray',
    ]);
    expect(items[0]).toMatchObject({ action: { kind: 'startDemo' } });
    expect(items.at(-1)).toMatchObject({ action: { kind: 'quit' } });
    expect(items.at(-2)).toMatchObject({ action: { kind: 'openWindow' } });
    expect(submenu(items, 'Recent calls')).toEqual([
      { type: 'item', label: 'No calls yet', action: null, enabled: false },
    ]);
  });

  test('each robot lists only its tray-pinned presets, and a click fires that preset', () => {
    const items = trayMenu({
      ...empty,
      robots: [robot('r1'), robot('r2')],
      presets: [preset('p1', 'r1'), preset('p2', 'r1', false), preset('p3', 'r2', false)],
    });
    expect(labels(items).slice(0, 2)).toEqual(['Robot r1 >', '---']);
    expect(submenu(items, 'Robot r1')).toEqual([
      {
        type: 'item',
        label: 'Preset p1',
        enabled: true,
        action: { kind: 'fire', robotId: 'r1', presetId: 'p1', confirm: false },
      },
    ]);
  });

  test('a pinned preset with fill-in fields opens its form ("…") instead of firing blind', () => {
    const withFields = Preset.parse({
      ...preset('p1', 'r1'),
      fields: [{ name: 'customerId', type: 'text', required: true }],
    });
    const items = trayMenu({ ...empty, robots: [robot('r1')], presets: [withFields] });
    expect(submenu(items, 'Robot r1')).toEqual([
      { type: 'item', label: 'Preset p1…', enabled: true, action: { kind: 'fillPreset', presetId: 'p1' } },
    ]);
  });

  test('robots but nothing pinned says so', () => {
    expect(labels(trayMenu({ ...empty, robots: [robot('r1')] }))[0]).toBe('No presets pinned to the tray');
  });

  test('a robot that asks first marks its items and its fire action confirms', () => {
    const items = trayMenu({
      ...empty,
      robots: [robot('r1', { confirmBeforeFiring: true })],
      presets: [preset('p1', 'r1')],
    });
    const [first] = submenu(items, 'Robot r1 (asks first)');
    expect(first).toMatchObject({ label: 'Preset p1…', action: { kind: 'fire', confirm: true } });
  });

  test('a robot without a token shows its presets disabled, with the reason', () => {
    const items = trayMenu({
      ...empty,
      robots: [robot('r1', { hasToken: false })],
      presets: [preset('p1', 'r1')],
    });
    expect(submenu(items, 'Robot r1')).toEqual([
      { type: 'item', label: 'Preset p1 (no token yet)', action: null, enabled: false },
    ]);
  });

  test('a robot whose token waits to be confirmed for its new address fires nothing from the tray', () => {
    const tokenSuspended = { from: 'https://a.example', to: 'https://b.example' };
    const items = trayMenu({
      ...empty,
      robots: [robot('r1', { hasToken: false, tokenSuspended })],
      presets: [preset('p1', 'r1')],
    });
    expect(submenu(items, 'Robot r1')).toEqual([
      {
        type: 'item',
        label: 'Preset p1 (token not confirmed for its new address)',
        action: null,
        enabled: false,
      },
    ]);
  });

  test("the team catalog's pinned presets follow one's own, marked as the team's, and fire the same way", () => {
    const items = trayMenu({
      ...empty,
      robots: [robot('r1')],
      presets: [preset('p1', 'r1')],
      team: {
        robots: [
          robot('team-a', { name: 'Orders' }),
          robot('team-b', { name: 'Billing', confirmBeforeFiring: true }),
          robot('team-c', { name: 'Quiet' }),
        ],
        presets: [
          preset('team-p1', 'team-a'),
          preset('team-p2', 'team-b'),
          preset('team-p3', 'team-c', false),
        ],
      },
    });
    // A team robot with nothing pinned has no submenu, as one's own.
    expect(labels(items).slice(0, 4)).toEqual([
      'Robot r1 >',
      'Orders (team) >',
      'Billing (team) (asks first) >',
      '---',
    ]);
    expect(submenu(items, 'Orders (team)')).toEqual([
      {
        type: 'item',
        label: 'Preset team-p1',
        enabled: true,
        action: { kind: 'fire', robotId: 'team-a', presetId: 'team-p1', confirm: false },
      },
    ]);
    expect(submenu(items, 'Billing (team) (asks first)')[0]).toMatchObject({
      label: 'Preset team-p2…',
      action: { kind: 'fire', robotId: 'team-b', presetId: 'team-p2', confirm: true },
    });
  });

  test('a team robot without a token on this desk shows its pinned presets disabled, "(token needed)"', () => {
    const withFields = Preset.parse({
      ...preset('team-p2', 'team-a'),
      fields: [{ name: 'customerId', type: 'text', required: true }],
    });
    const items = trayMenu({
      ...empty,
      team: {
        robots: [robot('team-a', { name: 'Orders', hasToken: false })],
        presets: [preset('team-p1', 'team-a'), withFields],
      },
    });
    expect(submenu(items, 'Orders (team)')).toEqual([
      { type: 'item', label: 'Preset team-p1 (token needed)', action: null, enabled: false },
      { type: 'item', label: 'Preset team-p2 (token needed)', action: null, enabled: false },
    ]);
    // Following a catalog is not "no robots": no demo offered over the team's robots.
    expect(labels(items)).not.toContain('Try the demo');
  });

  test('a team preset with fill-in fields opens its form; a catalog with nothing pinned says so', () => {
    const withFields = Preset.parse({
      ...preset('team-p1', 'team-a'),
      fields: [{ name: 'customerId', type: 'text', required: true }],
    });
    const teamRobot = robot('team-a', { name: 'Orders' });
    expect(
      submenu(trayMenu({ ...empty, team: { robots: [teamRobot], presets: [withFields] } }), 'Orders (team)'),
    ).toEqual([
      {
        type: 'item',
        label: 'Preset team-p1…',
        enabled: true,
        action: { kind: 'fillPreset', presetId: 'team-p1' },
      },
    ]);
    expect(labels(trayMenu({ ...empty, team: { robots: [teamRobot], presets: [] } }))[0]).toBe(
      'No presets pinned to the tray',
    );
  });

  test('recent calls: the last five, with their state, each opening the window at that call', () => {
    const recent = callStates.map((state, i) => call(`c${i}`, state, i % 2 === 0 ? 'Nightly' : null));
    const items = submenu(trayMenu({ ...empty, recentCalls: recent }), 'Recent calls');
    const five = [
      'Invoices · Nightly — Sending',
      'Invoices — Waiting',
      'Invoices · Nightly — Done',
      'Invoices — Rejected',
      'Invoices · Nightly — Unreachable',
    ];
    expect(labels(items)).toEqual([...five, '---', 'Copy report >']);
    expect(items[2]).toMatchObject({ action: { kind: 'openCall', callId: 'c2' } });
    // The same five again, each copying its report for a ticket.
    const copy = submenu(items, 'Copy report');
    expect(labels(copy)).toEqual(five);
    expect(copy.map((i) => i.type === 'item' && i.action)).toEqual(
      ['c0', 'c1', 'c2', 'c3', 'c4'].map((callId) => ({ kind: 'copyReport', callId })),
    );
  });
});

describe('trayIcon', () => {
  test('idle with nothing to tell', () => {
    expect(trayIcon([], 0)).toEqual({ icon: 'idle', tooltip: 'Robot Tray' });
  });
  test('waiting wins, with the count in the tooltip', () => {
    expect(trayIcon([call('c1', 'rejected')], 3)).toEqual({
      icon: 'waiting',
      tooltip: 'Robot Tray: 3 calls waiting',
    });
    expect(trayIcon([], 1).tooltip).toBe('Robot Tray: 1 call waiting');
  });
  test.each<[CallState, 'idle' | 'failed']>([
    ['done', 'idle'],
    ['stopped', 'idle'],
    ['rejected', 'failed'],
    ['unreachable', 'failed'],
    ['unknown', 'failed'],
    ['expired', 'failed'],
    ['unexpected', 'failed'],
    ['failed', 'failed'],
  ])('the last finished run %s shows %s', (state, icon) => {
    // A call still sending is skipped: the last *finished* run decides.
    expect(trayIcon([call('c0', 'sending'), call('c1', state), call('c2', 'rejected')], 0).icon).toBe(icon);
  });
  test('a run the service reported failed says "last run failed"', () => {
    expect(trayIcon([call('c1', 'failed')], 0).tooltip).toBe(
      'Robot Tray: last run failed (Invoices · Nightly)',
    );
  });
  test('a failed run names itself in the tooltip', () => {
    expect(trayIcon([call('c1', 'expired')], 0).tooltip).toBe(
      'Robot Tray: last run expired (Invoices · Nightly)',
    );
  });
});

describe('menuTemplate', () => {
  test('every item acts through click, Quit included (a role item would never call click)', () => {
    const performed: TrayAction[] = [];
    const template = menuTemplate(trayMenu(empty), (a) => performed.push(a));
    const quit = template.at(-1)!;
    expect(quit.role).toBeUndefined();
    (quit.click as () => void)();
    expect(performed).toEqual([{ kind: 'quit' }]);
    expect(template.some((t) => t.role !== undefined)).toBe(false);
  });
  test('disabled items have no click, submenus nest', () => {
    const template = menuTemplate(trayMenu(empty), () => undefined);
    const recent = template.find((t) => t.label === 'Recent calls')!;
    const [none] = recent.submenu as Array<{ enabled?: boolean; click?: unknown }>;
    expect(none).toEqual({ label: 'No calls yet', enabled: false });
  });
});

describe('nextRecentCalls', () => {
  const at = (id: string, state: CallState, createdAt: number, robotId = 'r1'): CallSummary => ({
    ...call(id, state),
    createdAt,
    robotId,
  });
  const changed = (...calls: CallSummary[]) =>
    ({ type: 'calls.changed', changes: calls.map((c) => ({ call: c, from: null })) }) as const;

  test('keeps the five newest, updating a call in place', () => {
    let recent: readonly CallSummary[] = [];
    for (let i = 1; i <= 7; i++) recent = nextRecentCalls(recent, changed(at(`c${i}`, 'waiting', i)));
    expect(recent.map((c) => c.id)).toEqual(['c7', 'c6', 'c5', 'c4', 'c3']);
    recent = nextRecentCalls(recent, changed(at('c5', 'done', 5)));
    expect(recent.map((c) => `${c.id}:${c.state}`)).toEqual([
      'c7:waiting',
      'c6:waiting',
      'c5:done',
      'c4:waiting',
      'c3:waiting',
    ]);
  });

  test('forgotten calls and cleared finished calls (of one robot or all) leave', () => {
    const recent = [at('c3', 'done', 3, 'r2'), at('c2', 'waiting', 2), at('c1', 'done', 1)];
    const ids = (r: readonly CallSummary[]) => r.map((c) => c.id);
    expect(ids(nextRecentCalls(recent, { type: 'calls.removed', ids: ['c2'], finishedOf: null }))).toEqual([
      'c3',
      'c1',
    ]);
    expect(
      ids(nextRecentCalls(recent, { type: 'calls.removed', ids: [], finishedOf: { robotId: 'r1' } })),
    ).toEqual(['c3', 'c2']);
    expect(
      ids(nextRecentCalls(recent, { type: 'calls.removed', ids: [], finishedOf: { robotId: null } })),
    ).toEqual(['c2']);
  });

  test('other events change nothing', () => {
    const recent = [at('c1', 'done', 1)];
    expect(nextRecentCalls(recent, { type: 'warnings', warnings: [] })).toBe(recent);
  });
});
