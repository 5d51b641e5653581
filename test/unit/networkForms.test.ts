import { describe, expect, test } from 'vitest';
import { defaultNetworkSettings } from '../../src/shared/models/network.ts';
import {
  bypassEntriesOf,
  networkDraftOf,
  networkErrorsOf,
  networkOf,
} from '../../src/renderer/src/features/network/networkDraft.ts';

describe('the Network section of Settings', () => {
  const manual = {
    ...networkDraftOf(defaultNetworkSettings),
    proxyMode: 'manual' as const,
    proxyUrl: ' http://proxy.example.com:3128 ',
    proxyUser: 'alice',
    proxyBypass: 'localhost, .corp.example\n10.0.0.1:8080  *.internal',
  };

  test('a manual proxy draft becomes the settings main stores, bypass entries split on commas and spaces', () => {
    expect(networkOf(manual)).toEqual({
      network: {
        proxyMode: 'manual',
        proxyUrl: 'http://proxy.example.com:3128',
        proxyUser: 'alice',
        proxyBypass: ['localhost', '.corp.example', '10.0.0.1:8080', '*.internal'],
        useSystemCertificates: true,
        caFile: null,
      },
    });
    expect(bypassEntriesOf(' , ')).toEqual([]);
  });

  test('settings round-trip through the draft unchanged', () => {
    const stored = { ...defaultNetworkSettings, caFile: '/etc/ca.pem', proxyBypass: ['a.example', '.b'] };
    expect(networkOf(networkDraftOf(stored))).toEqual({ network: stored });
  });

  test('each bad box gets its own reason: manual without address, credentials in the URL, a bad bypass entry', () => {
    expect(networkOf({ ...manual, proxyUrl: '' })).toEqual({
      errors: { proxyUrl: 'Manual mode needs a proxy address such as http://proxy.example.com:3128.' },
    });
    const errors = networkOf({
      ...manual,
      proxyUrl: 'http://bob:pw@proxy:3128',
      proxyBypass: 'ok, bad/entry',
    });
    expect(errors).toEqual({
      errors: {
        proxyUrl: expect.stringMatching(/^Must not contain a user name or password/),
        proxyBypass: 'Must be a host name, .domain, IP address or "*".',
      },
    });
    // Outside manual mode an empty address is fine.
    expect(networkOf({ ...manual, proxyMode: 'system', proxyUrl: '' })).toHaveProperty('network');
  });

  test("main's refusals land beside the network box they name; others stay for the whole form", () => {
    expect(
      networkErrorsOf('caFile (app settings): /x/ca.pem does not exist. Give the path of a PEM file.'),
    ).toEqual({
      fields: { caFile: '/x/ca.pem does not exist. Give the path of a PEM file.' },
      form: null,
    });
    expect(
      networkErrorsOf('network.proxyUrl: the manual proxy mode needs a proxy address such as http://p:3128.'),
    ).toEqual({
      fields: { proxyUrl: 'The manual proxy mode needs a proxy address such as http://p:3128.' },
      form: null,
    });
    expect(networkErrorsOf('Invalid settings request: network.proxyBypass[0]: must be a host name')).toEqual({
      fields: { proxyBypass: 'Must be a host name.' },
      form: null,
    });
    expect(networkErrorsOf('historyLimit: too small')).toEqual({
      fields: {},
      form: 'historyLimit: too small',
    });
  });
});
