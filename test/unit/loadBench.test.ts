import { describe, expect, test } from 'vitest';
import { faultyRobotsConfig, loadRobots, pickRobot } from '../../bench/support/faultyRobots.ts';
import {
  busiestAndMean,
  firstAndLastFifth,
  statesText,
  tallyCalls,
  type Fired,
} from '../../bench/support/loadOutcome.ts';
import {
  addToSeconds,
  countLine,
  freshEntries,
  parseCountLine,
  takeCompleteSeconds,
  type SecondCount,
} from '../../bench/support/requestCounts.ts';
import { SandboxConfigSchema } from '../../src/sandbox/schema.ts';
import { seededRandom } from '../../src/sandbox/random.ts';
import { RequestLog, type LoggedRequest } from '../../src/sandbox/requestLog.ts';

/** The load run's judgement of its own results (bench/load-faults.ts): what decides "none lost" and "memory flat". */
describe('which fired calls the load run counts as lost', () => {
  const history = new Map([
    ['a', 'done'],
    ['b', 'rejected'],
    ['c', 'waiting'],
    ['d', 'sending'],
    ['e', 'done'],
  ]);

  test('every call in the history in a final state is counted by state, none lost', () => {
    const tally = tallyCalls([{ id: 'a' }, { id: 'b' }, { id: 'e' }], history);
    expect(tally).toEqual({
      fired: 3,
      lost: 0,
      byState: [
        ['done', 2],
        ['rejected', 1],
      ],
      why: [],
    });
    expect(statesText(tally.byState)).toBe('done 2, rejected 1');
  });

  test('a call still sending or waiting after the drain, missing from the history, or never made is lost', () => {
    const fired: Fired[] = [{ id: 'a' }, { id: 'c' }, { id: 'd' }, { id: 'gone' }, { error: 'boom' }];
    const tally = tallyCalls(fired, history);
    expect(tally.lost).toBe(4);
    expect(tally.why).toEqual([
      'still waiting after the drain',
      'still sending after the drain',
      'fired but not in the history',
      'fire threw: boom',
    ]);
  });
});

describe('whether memory stayed flat', () => {
  test('compares the median of the first fifth of the run with that of the last, ignoring a lone spike', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({
      atMs: i * 100,
      value: 100 + (i >= 80 ? 10 : 0),
    }));
    samples[5]!.value = 900;
    expect(firstAndLastFifth(samples, 10_000)).toEqual({ first: 100, last: 110 });
  });

  test('a fifth without a sample has no median', () => {
    expect(firstAndLastFifth([{ atMs: 5_000, value: 1 }], 10_000)).toEqual({ first: null, last: null });
  });

  test('the busiest second and the mean', () => {
    expect(busiestAndMean([3, 9, 6])).toEqual({ max: 9, mean: 6 });
    expect(busiestAndMean([])).toEqual({ max: null, mean: null });
  });
});

describe('counting the requests the sandbox received each second', () => {
  const paths = {
    trigger: '/main/public/webhook/request',
    queryPrefix: '/prod/1/customer/robot/webhookResponse/',
  };
  const entry = (at: number, path: string): LoggedRequest => ({ method: 'GET', path, headers: {}, at });

  test('each read counts only what arrived since the last one, across the ring wrapping round', () => {
    const log = new RequestLog(3);
    const first = [entry(1, 'a'), entry(2, 'b')];
    for (const e of first) log.add(e);
    expect(freshEntries(log.list(), undefined)).toEqual({ fresh: first, missed: false });
    const more = [entry(3, 'c'), entry(4, 'd')];
    for (const e of more) log.add(e);
    expect(freshEntries(log.list(), first[1])).toEqual({ fresh: more, missed: false });
  });

  test('when the last entry seen has left the ring, some requests were never seen and it says so', () => {
    const log = new RequestLog(2);
    const seen = entry(1, 'a');
    log.add(seen);
    for (const at of [2, 3, 4]) log.add(entry(at, 'x'));
    expect(freshEntries(log.list(), seen).missed).toBe(true);
  });

  test('triggers and queries go to the second they arrived in; other paths count for neither', () => {
    const seconds = new Map<number, SecondCount>();
    addToSeconds(
      seconds,
      [
        entry(1_000, `${paths.trigger}?a=1`),
        entry(1_999, `${paths.queryPrefix}id-1`),
        entry(2_000, `${paths.queryPrefix}id-2`),
        entry(2_500, '/elsewhere'),
      ],
      paths,
      false,
    );
    expect(takeCompleteSeconds(seconds, 2)).toEqual([{ second: 1, queries: 1, triggers: 1, short: false }]);
    expect([...seconds.values()]).toEqual([{ second: 2, queries: 1, triggers: 0, short: false }]);
    addToSeconds(seconds, [], paths, true);
    expect(takeCompleteSeconds(seconds, Number.POSITIVE_INFINITY)).toEqual([
      { second: 2, queries: 1, triggers: 0, short: true },
    ]);
  });

  test('a count survives its line; anything else the sandbox prints is no count', () => {
    const count = { second: 5, queries: 7, triggers: 2, short: false };
    expect(parseCountLine(countLine(count))).toEqual(count);
    for (const line of [
      'Robot Tray sandbox listening on http://127.0.0.1:1',
      'requests {',
      'requests {"second":1}',
    ]) {
      expect(parseCountLine(line)).toBeUndefined();
    }
  });
});

describe("the load run's robots", () => {
  test('are a valid sandbox config with runs from a tenth of the longest to the longest', () => {
    const config = SandboxConfigSchema.parse(faultyRobotsConfig(5_000, 21));
    expect(config.robots.map((r) => r.name)).toEqual(Object.values(loadRobots).map((r) => r.name));
    for (const robot of config.robots)
      expect(robot.flow[0]).toEqual({ type: 'waitRandom', minMs: 500, maxMs: 5_000 });
  });

  test('about 1 % of triggers go to the slowed robot and the rest evenly to the two drop robots', () => {
    const random = seededRandom(7);
    const picks = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const name = pickRobot(random).name;
      picks.set(name, (picks.get(name) ?? 0) + 1);
    }
    expect(picks.get(loadRobots.slowLink.name)! / 20_000).toBeCloseTo(0.01, 2);
    expect(picks.get(loadRobots.dropBefore.name)! / 20_000).toBeCloseTo(0.495, 1);
    expect(picks.get(loadRobots.dropAfter.name)! / 20_000).toBeCloseTo(0.495, 1);
  });
});
