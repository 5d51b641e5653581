import { describe, expect, test } from 'vitest';
import { channelOf, contractMethodNames, methodOfChannel } from '../../src/shared/ipc/channels.ts';
import { methodNames } from '../../src/shared/ipc/contract.ts';
import { dispatch } from '../../src/main/ipc/dispatch.ts';
import { createHandlers, type Handlers } from '../../src/main/ipc/handlers.ts';

const handlers = createHandlers({ appName: 'Robot Tray', appVersion: '1.2.3', platform: 'linux' });

describe('IPC contract', () => {
  test("the preload's method list is exactly the contract's", () => {
    expect([...contractMethodNames].sort()).toEqual([...methodNames].sort());
  });

  test('channels round-trip to method names', () => {
    for (const m of methodNames) expect(methodOfChannel(channelOf(m))).toBe(m);
    expect(methodOfChannel('other:getAppInfo')).toBeUndefined();
  });
});

describe('dispatch', () => {
  test('answers a valid request with the handler value', async () => {
    expect(await dispatch(handlers, 'getAppInfo', {})).toEqual({
      ok: true,
      value: { name: 'Robot Tray', version: '1.2.3', platform: 'linux' },
    });
  });

  test('refuses an unknown method by name', async () => {
    const result = await dispatch(handlers, 'readTokens', {});
    expect(result).toEqual({
      ok: false,
      error: { kind: 'validation', message: 'Unknown request "readTokens".' },
    });
  });

  test('refuses inherited object keys as methods', async () => {
    expect((await dispatch(handlers, 'toString', {})).ok).toBe(false);
    expect((await dispatch(handlers, '__proto__', {})).ok).toBe(false);
  });

  test('refuses a payload the schema rejects, naming the field', async () => {
    const result = await dispatch(handlers, 'getAppInfo', { extra: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('validation');
      expect(result.error.message).toContain('getAppInfo');
    }
  });

  test('turns a throwing handler into a generic error without its text', async () => {
    const failing: Handlers = {
      ...handlers,
      getAppInfo: () => {
        throw new Error('x-service-token: secret-value');
      },
    };
    const result = await dispatch(failing, 'getAppInfo', {});
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('secret-value');
  });
});
