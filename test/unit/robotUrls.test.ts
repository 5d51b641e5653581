import { describe, expect, test } from 'vitest';
import { RobotInput, RobotPatch, Robot } from '../../src/shared/models/robot.ts';
import {
  baseUrlFrom,
  doubledPathReason,
  droppedQuery,
  robotAddresses,
} from '../../src/shared/models/robotUrls.ts';

/**
 * What people paste for a robot's address: the trigger URL the Designer
 * shows, a query URL copied from a call, or the base. Robot Tray keeps the
 * base and adds the service's paths itself, so a trigger URL kept as the base
 * would double them (a 404 on every call).
 */
describe('the base address inside a pasted robot address', () => {
  test('a trigger URL, with or without its query string or a trailing slash, gives its base', () => {
    for (const pasted of [
      'https://robots.example.com/main/public/webhook/request',
      'https://robots.example.com/main/public/webhook/request?a=1&b=two',
      '  https://robots.example.com/main/public/webhook/request/  ',
      'https://robots.example.com/main/public/webhook/request#top',
    ]) {
      expect(baseUrlFrom(pasted)).toEqual({ baseUrl: 'https://robots.example.com', kind: 'trigger' });
    }
    expect(baseUrlFrom('https://h.example:8443/tenant/a/main/public/webhook/request')).toEqual({
      baseUrl: 'https://h.example:8443/tenant/a',
      kind: 'trigger',
    });
  });

  test('what a pasted URL carried beyond its base is said: its query string and the argument names in it', () => {
    expect(droppedQuery('https://robots.example.com/main/public/webhook/request?foo=1&b=two&foo=3')).toEqual({
      query: '?foo=1&b=two&foo=3',
      names: ['foo', 'b'],
    });
    expect(droppedQuery('http://127.0.0.1:4010/x/prod/1/customer/robot/webhookResponse/abc?t=1')).toEqual({
      query: '?t=1',
      names: ['t'],
    });
    expect(droppedQuery('https://robots.example.com/main/public/webhook/request')).toBeNull();
    expect(droppedQuery('https://robots.example.com/main/public/webhook/request?')).toBeNull();
    // A base keeps its query string for the schema to refuse, so nothing is dropped there.
    expect(droppedQuery('https://h.example/?x=1')).toBeNull();
    expect(droppedQuery('not a url')).toBeNull();
  });

  test('a query URL for one call gives its base', () => {
    expect(baseUrlFrom('https://robots.example.com/prod/1/customer/robot/webhookResponse/wh-123')).toEqual({
      baseUrl: 'https://robots.example.com',
      kind: 'query',
    });
    expect(baseUrlFrom('http://127.0.0.1:4010/x/prod/1/customer/robot/webhookResponse/abc?t=1')).toEqual({
      baseUrl: 'http://127.0.0.1:4010/x',
      kind: 'query',
    });
  });

  test('a base stays as it is, trimmed; what is not a URL is left for the schema to explain', () => {
    expect(baseUrlFrom(' https://robots.example.com/ ')).toEqual({
      baseUrl: 'https://robots.example.com',
      kind: 'base',
    });
    expect(baseUrlFrom('https://robots.example.com/webhook/invoice-sync').baseUrl).toBe(
      'https://robots.example.com/webhook/invoice-sync',
    );
    expect(baseUrlFrom('robots.example.com').baseUrl).toBe('robots.example.com');
    expect(baseUrlFrom('https://h.example/?x=1').baseUrl).toBe('https://h.example/?x=1');
  });

  test('the addresses shown before saving are the ones calls use', () => {
    expect(robotAddresses('https://robots.example.com/')).toEqual({
      trigger: 'https://robots.example.com/main/public/webhook/request',
      query: 'https://robots.example.com/prod/1/customer/robot/webhookResponse/{webhookCallId}',
    });
  });
});

describe('a base address that would double the service paths', () => {
  test('is refused when saving, with the base to use instead', () => {
    const doubled = 'https://robots.example.com/main/public/webhook/request';
    expect(doubledPathReason(doubled)).toMatch(/use the base https:\/\/robots\.example\.com instead/);
    const refused = RobotInput.safeParse({ name: 'Invoices', baseUrl: doubled });
    expect(refused.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      `baseUrl: ${doubledPathReason(doubled)}`,
    ]);
    expect(RobotPatch.safeParse({ baseUrl: doubled + '/main/public/webhook/request' }).success).toBe(false);
    expect(
      RobotInput.safeParse({
        name: 'Q',
        baseUrl: 'https://h.example/prod/1/customer/robot/webhookResponse',
      }).error?.issues[0]?.message,
    ).toMatch(/already holds the service path \/prod\/1\/customer\/robot\/webhookResponse/);
    expect(doubledPathReason('https://robots.example.com/tenant/main')).toBeNull();
  });

  test('a robot stored before the check still loads, so nothing stored is lost', () => {
    const stored = Robot.safeParse({
      id: 'r1',
      name: 'Old',
      baseUrl: 'https://robots.example.com/main/public/webhook/request',
      createdAt: 1,
      updatedAt: 1,
    });
    expect(stored.success).toBe(true);
  });
});
