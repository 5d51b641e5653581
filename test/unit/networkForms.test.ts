import { describe, expect, test } from 'vitest';
import type { Diagnosis } from '../../src/shared/models/diagnosis.ts';
import { certificateVerdict } from '../../src/renderer/src/features/robots/connectionCheck.ts';
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
      },
    });
    expect(bypassEntriesOf(' , ')).toEqual([]);
  });

  test('settings round-trip through the draft unchanged, except the CA file, which the form never sends', () => {
    const { caFile: _saved, ...stored } = {
      ...defaultNetworkSettings,
      caFile: '/etc/ca.pem',
      proxyBypass: ['a.example', '.b'],
    };
    expect(networkOf(networkDraftOf({ ...stored, caFile: '/etc/ca.pem' }))).toEqual({ network: stored });
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

describe("the robot form's connection check", () => {
  const FP = Array.from({ length: 32 }, () => 'AB').join(':');
  const OTHER = Array.from({ length: 32 }, () => 'CD').join(':');
  function seen(authorized: boolean, code: string | null): Diagnosis {
    const leaf = {
      subject: 'h',
      issuer: 'h',
      names: [],
      validFrom: '2026-01-01',
      validTo: '2027-01-01',
      fingerprint256: FP,
    };
    return {
      origin: 'https://h',
      host: 'h',
      dns: { addresses: ['127.0.0.1'], ms: 1 },
      route: { kind: 'direct', proxy: null, source: 'none', detail: '' },
      trust: { systemStore: true, caFiles: [] },
      pin: null,
      connectMs: 3,
      tls: { protocol: 'TLSv1.3', cipher: null, authorized, authorizationError: code, chain: [leaf] },
      endpoint: { method: 'OPTIONS', path: '/', status: 204, ms: 2 },
    };
  }

  test('accepting is offered for self-signed and unknown-issuer certificates only', () => {
    expect(certificateVerdict(seen(false, 'DEPTH_ZERO_SELF_SIGNED_CERT'), null)).toEqual({
      tone: 'warning',
      text: 'Not trusted: it is self-signed.',
      canAccept: true,
    });
    expect(certificateVerdict(seen(false, 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), null)?.canAccept).toBe(true);
    for (const code of ['CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', null]) {
      expect(certificateVerdict(seen(false, code), null)).toMatchObject({ tone: 'error', canAccept: false });
    }
    expect(certificateVerdict(seen(true, null), null)).toEqual({
      tone: 'ok',
      text: 'Trusted.',
      canAccept: false,
    });
  });

  test('an accepted certificate is recognised; a different one is refused loudly', () => {
    expect(certificateVerdict(seen(false, 'DEPTH_ZERO_SELF_SIGNED_CERT'), FP)).toMatchObject({
      tone: 'ok',
      canAccept: false,
    });
    expect(certificateVerdict(seen(true, null), OTHER)).toMatchObject({ tone: 'error', canAccept: false });
    expect(certificateVerdict(seen(false, 'DEPTH_ZERO_SELF_SIGNED_CERT'), OTHER)?.text).toMatch(
      /^Refused: this is not the certificate accepted/,
    );
    expect(certificateVerdict({ ...seen(true, null), tls: null }, null)).toBeNull();
  });
});
