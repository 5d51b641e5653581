import { describe, expect, test } from 'vitest';
import { effectiveFaults } from '../../src/sandbox/faults.ts';
import { bodyArgs, queryArgs } from '../../src/sandbox/http/args.ts';
import { between, roll, seededRandom } from '../../src/sandbox/random.ts';
import { RequestLog } from '../../src/sandbox/requestLog.ts';
import { buildResponse, generatedObject } from '../../src/sandbox/responses.ts';

describe('buildResponse', () => {
  const args = { id: 7, name: 'Ana', tags: ['a'], nested: { x: null } };

  test('echo returns every argument unchanged', () => {
    expect(buildResponse(args, { echo: true })).toEqual(args);
  });

  test('pick copies only named arguments that exist', () => {
    expect(buildResponse(args, { pick: ['name', 'absent', 'tags'] })).toEqual({ name: 'Ana', tags: ['a'] });
  });

  test('constants are added and win over arguments of the same name', () => {
    expect(buildResponse(args, { pick: ['id'], constants: { id: 'fixed', ok: true } })).toEqual({
      id: 'fixed',
      ok: true,
    });
    expect(buildResponse(args, {})).toEqual({});
  });

  test('pick does not read through the prototype', () => {
    expect(buildResponse({}, { pick: ['toString', '__proto__', 'constructor'] })).toEqual({});
  });
});

describe('generatedObject', () => {
  test.each([100, 5_000, 1_000_000])('about %i bytes of JSON, never more', (bytes) => {
    const size = JSON.stringify(generatedObject(bytes)).length;
    expect(size).toBeLessThanOrEqual(bytes);
    expect(size).toBeGreaterThan(bytes - 130);
  });

  test('is shared per size', () => {
    expect(generatedObject(4096)).toBe(generatedObject(4096));
  });
});

describe('GET and POST arguments', () => {
  test('query string: strings, repeated keys as arrays in order, + as space', () => {
    expect(queryArgs('a=1&b=x&a=2&a=3&c=&d=hello+world&e=%C3%A9')).toEqual({
      a: ['1', '2', '3'],
      b: 'x',
      c: '',
      d: 'hello world',
      e: 'é',
    });
    expect(queryArgs('')).toEqual({});
  });

  test('query string: __proto__ is an ordinary argument', () => {
    const args = queryArgs('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__', 'constructor']);
    expect(args['constructor']).toBe('y');
  });

  test('body: only a JSON object is accepted', () => {
    expect(bodyArgs('{"n":1,"b":true}')).toEqual({ ok: true, args: { n: 1, b: true } });
    expect(bodyArgs('{}')).toEqual({ ok: true, args: {} });
    for (const text of ['', ' ', '{', 'undefined'])
      expect(bodyArgs(text)).toEqual({ ok: false, code: 'invalid_json' });
    for (const text of ['[]', 'null', '1', '"s"', 'true']) {
      expect(bodyArgs(text)).toEqual({ ok: false, code: 'body_not_object' });
    }
  });
});

describe('randomness', () => {
  test('a seed gives the same sequence; different seeds differ', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const value of seqA) expect(value >= 0 && value < 1).toBe(true);
  });

  test('rate 1 always, rate 0 never, whatever the source says', () => {
    const almostOne = (): number => 0.999999;
    expect(roll(almostOne, 1)).toBe(true);
    expect(roll(() => 0, 0)).toBe(false);
    expect(roll(() => 0.3, 0.3)).toBe(false);
    expect(roll(() => 0.29, 0.3)).toBe(true);
  });

  test('between spans min..max', () => {
    expect(between(() => 0, 10, 20)).toBe(10);
    expect(between(() => 0.5, 10, 20)).toBe(15);
    expect(between(() => 0.99999, 10, 20)).toBe(20);
  });
});

describe('effectiveFaults', () => {
  const globalFaults = { trigger: { serverError: { rate: 1, status: 500 as const }, latency: { ms: 5 } } };

  test('a robot without faults meets the global ones', () => {
    expect(effectiveFaults(globalFaults, undefined, 'trigger')).toBe(globalFaults.trigger);
    expect(effectiveFaults(globalFaults, {}, 'query')).toBeUndefined();
  });

  test("the robot's kinds replace the global ones, the rest stay", () => {
    const own = { trigger: { serverError: { rate: 0, status: 503 as const } } };
    expect(effectiveFaults(globalFaults, own, 'trigger')).toEqual({
      serverError: { rate: 0, status: 503 },
      latency: { ms: 5 },
    });
  });
});

describe('RequestLog', () => {
  const entry = (n: number) => ({ method: 'GET', path: `/${n}`, headers: {}, at: n });

  test('keeps the last entries in order once full', () => {
    const log = new RequestLog(3);
    for (let n = 1; n <= 5; n += 1) log.add(entry(n));
    expect(log.list().map((e) => e.at)).toEqual([3, 4, 5]);
  });

  test('a limit of 0 keeps nothing', () => {
    const log = new RequestLog(0);
    log.add(entry(1));
    expect(log.list()).toEqual([]);
  });
});
