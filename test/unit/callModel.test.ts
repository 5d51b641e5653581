import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { assertResumable } from '../../src/core/tracker/transitions.ts';
import {
  Call,
  CallDetail,
  callDetail,
  CallFilter,
  callStates,
  resumableStates,
} from '../../src/shared/models/call.ts';
import { CallSummary, summarizeCall } from '../../src/shared/models/callSummary.ts';
import { Diagnosis } from '../../src/shared/models/diagnosis.ts';
import { FireRequest } from '../../src/shared/models/fire.ts';
import {
  applySettingsPatch,
  defaultSettings,
  Settings,
  SettingsPatch,
} from '../../src/shared/models/settings.ts';

/**
 * The records of calls and settings as stored and read back, what firing
 * accepts, and what travels to the window: defaults, bounds and sentences a
 * caller meets.
 */

const stored = {
  id: 'c1',
  robotId: 'r1',
  robotName: 'Invoices',
  method: 'POST',
  args: { day: 'monday' },
  state: 'done',
  createdAt: 10,
};

describe('a stored call', () => {
  test('read back with the documented defaults', () => {
    const call = Call.parse(stored);
    expect(call).toMatchObject({
      presetId: null,
      presetName: null,
      webhookCallId: null,
      url: null,
      rawStatus: null,
      warning: null,
      error: null,
      notifyOnFinish: false,
      pollCount: 0,
      timeline: [],
    });
    expect(call.response).toBeUndefined();
  });

  test('keeps how often an error was met in a row; a count below one is no record', () => {
    const error = { kind: 'network', message: 'refused', at: 5 };
    expect(Call.parse({ ...stored, error: { ...error, count: 3 } }).error?.count).toBe(3);
    expect(Call.parse({ ...stored, error }).error?.count).toBe(1);
    expect(Call.safeParse({ ...stored, error: { ...error, count: 0 } }).success).toBe(false);
  });

  test('the window offers Resume for exactly the calls the core resumes', () => {
    for (const state of callStates) {
      const call = Call.parse({ ...stored, state, webhookCallId: 'w1' });
      let resumable = true;
      try {
        assertResumable(call);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        resumable = false;
      }
      expect(resumableStates.includes(state), state).toBe(resumable);
    }
  });

  test('a history page may start anywhere from the first call on', () => {
    expect(CallFilter.parse({ offset: 40, limit: 20 })).toEqual({ offset: 40, limit: 20 });
    expect(CallFilter.safeParse({ offset: -1 }).success).toBe(false);
  });
});

describe('what the window sees of a call in lists', () => {
  test('says whether a response waits to be fetched, without carrying it', () => {
    const withResponse = summarizeCall(Call.parse({ ...stored, response: { total: 3 } }));
    expect(withResponse.hasResponse).toBe(true);
    expect('response' in withResponse).toBe(false);
    expect('args' in withResponse).toBe(false);
    expect(summarizeCall(Call.parse(stored)).hasResponse).toBe(false);
  });

  test('a summary read through its schema drops a response body or its text sent along', () => {
    const summary = { ...summarizeCall(Call.parse(stored)), response: 'x'.repeat(100), responseText: '"x"' };
    const read = CallSummary.parse(summary);
    expect(read).not.toHaveProperty('response');
    expect(read).not.toHaveProperty('responseText');
  });

  test('how long such calls usually run travels with the summary, checked like the rest', () => {
    const usual = { runs: 20, lowMs: 12_000, highMs: 20_000, text: 'usually done in 12–20 s' };
    const summary = { ...summarizeCall(Call.parse(stored)), usual };
    expect(CallSummary.parse(summary).usual).toEqual(usual);
    expect(CallSummary.parse(summarizeCall(Call.parse(stored)))).not.toHaveProperty('usual');
    for (const bad of [
      { ...usual, runs: 0 },
      { ...usual, lowMs: -1 },
      { ...usual, text: 'x'.repeat(201) },
      'usually',
    ]) {
      expect(CallSummary.safeParse({ ...summary, usual: bad }).success).toBe(false);
    }
  });

  test('a detail read through its schema carries the response only as its JSON text', () => {
    const detail = {
      ...callDetail(Call.parse({ ...stored, response: { n: 1 } })),
      response: { n: 1 },
      responseText: '{"n":1}',
    };
    const read = CallDetail.parse(detail);
    expect(read.responseJson).toBe('{"n":1}');
    expect(read).not.toHaveProperty('response');
    expect(read).not.toHaveProperty('responseText');
  });
});

describe('firing', () => {
  test('without a preset or a method the refusal says what to give', () => {
    const result = FireRequest.safeParse({ args: { a: 1 } });
    expect(result.error?.issues[0]?.message).toBe(
      'give a presetId, or a method (POST or GET) with arguments',
    );
  });

  test('with a method alone: those arguments, or none', () => {
    expect(FireRequest.parse({ method: 'GET' })).toEqual({ method: 'GET', args: {} });
    expect(FireRequest.parse({ method: 'POST', args: { a: 1 } })).toEqual({ method: 'POST', args: { a: 1 } });
  });

  test('with a preset: its overrides, and replaceArgs only when asked for', () => {
    expect(FireRequest.parse({ presetId: 'p1', args: { a: 1 } })).toEqual({
      presetId: 'p1',
      args: { a: 1 },
      method: undefined,
    });
    expect(FireRequest.parse({ presetId: 'p1', replaceArgs: false })).not.toHaveProperty('replaceArgs');
    expect(FireRequest.parse({ presetId: 'p1', args: {}, replaceArgs: true })).toMatchObject({
      replaceArgs: true,
    });
  });
});

describe('settings', () => {
  test('fresh settings notify and do not start at login', () => {
    expect(Settings.parse({})).toMatchObject({ notifications: true, launchAtLogin: false });
  });

  test('a change to one timeout or one poll field keeps the others', () => {
    const patch = SettingsPatch.parse({ http: { connectTimeoutMs: 5_000 }, pollPolicy: { factor: 2 } });
    const next = applySettingsPatch(defaultSettings, patch);
    expect(next.http).toEqual({ ...defaultSettings.http, connectTimeoutMs: 5_000 });
    expect(next.pollPolicy).toEqual({ ...defaultSettings.pollPolicy, factor: 2 });
  });

  test('a timeout out of its bounds is refused in a change', () => {
    expect(SettingsPatch.safeParse({ http: { connectTimeoutMs: 50 } }).success).toBe(false);
    expect(SettingsPatch.safeParse({ http: { bodyTimeoutMs: 600_001 } }).success).toBe(false);
  });
});

describe('a connection check', () => {
  test('reaches the window with every part the core found', () => {
    const cert = {
      subject: 'CN=robots.example.com',
      issuer: 'CN=Example CA',
      names: ['robots.example.com'],
      validFrom: 'Jan 1 2026',
      validTo: 'Jan 1 2027',
      fingerprint256: 'AB:CD',
    };
    const diagnosis = {
      origin: 'https://robots.example.com',
      host: 'robots.example.com',
      dns: { addresses: ['192.0.2.1'], ms: 3 },
      route: { kind: 'proxy', proxy: 'http://proxy:3128', source: 'manual', detail: 'set in settings' },
      trust: { systemStore: true, caFiles: [{ file: '/etc/ca.pem', source: 'settings' }] },
      pin: null,
      connectMs: 12,
      tls: {
        protocol: 'TLSv1.3',
        cipher: 'TLS_AES_128_GCM_SHA256',
        authorized: false,
        authorizationError: 'SELF_SIGNED_CERT_IN_CHAIN',
        chain: [cert],
      },
      endpoint: { error: 'connection reset', kind: 'network' },
    };
    expect(Diagnosis.parse(diagnosis)).toEqual(diagnosis);
    const failed = { ...diagnosis, dns: { error: 'ENOTFOUND' }, route: { error: 'PAC failed' } };
    expect(Diagnosis.parse(failed)).toEqual(failed);
  });
});
