import { describe, expect, test } from 'vitest';
import { newRobot, patchedRobot } from '../../src/core/robotPatch.ts';
import { networkTrustChanges, robotTrustChanges } from '../../src/core/trustChanges.ts';
import { defaultNetworkSettings, type NetworkSettings } from '../../src/shared/models/network.ts';

const PIN = Array.from({ length: 32 }, () => 'AB').join(':');
const net = (over: Partial<NetworkSettings>): NetworkSettings => ({ ...defaultNetworkSettings, ...over });
const manual = (proxyUrl: string) => net({ proxyMode: 'manual', proxyUrl });
const words = (changes: ReadonlyArray<{ text: string }>) => changes.map((c) => c.text);

describe('which network settings are trust decisions, in words', () => {
  const none = { passwordAt: null };

  test('a proxy that takes over the route is named with what it replaces; going direct is none', () => {
    expect(words(networkTrustChanges(net({}), manual('http://proxy.corp:3128'), none))).toEqual([
      "send requests through the proxy http://proxy.corp:3128 instead of the way the system's proxy settings (a PAC file included) say",
    ]);
    expect(words(networkTrustChanges(manual('http://a:1'), manual('http://B:2/'), none))).toEqual([
      'send requests through the proxy http://b:2 instead of through the proxy http://a:1',
    ]);
    expect(words(networkTrustChanges(net({ proxyMode: 'none' }), net({ proxyMode: 'env' }), none))).toEqual([
      "send requests through the proxy that HTTPS_PROXY and HTTP_PROXY name in Robot Tray's environment instead of directly",
    ]);
    expect(networkTrustChanges(manual('http://a:1'), net({ proxyMode: 'none' }), none)).toEqual([]);
    // An address typed while another mode is in use changes no route yet.
    expect(networkTrustChanges(net({}), net({ proxyUrl: 'http://a:1' }), none)).toEqual([]);
    expect(networkTrustChanges(manual('http://a:1'), manual('http://a:1'), none)).toEqual([]);
  });

  test('the stored proxy password goes with a new address only as a change of its own, naming both', () => {
    const changes = networkTrustChanges(manual('http://a:1'), manual('socks5://b:1080'), {
      passwordAt: 'http://a:1',
    });
    expect(changes).toContainEqual({
      kind: 'proxy-password',
      text: 'send the proxy password stored for http://a:1 to the proxy socks5://b:1080',
      from: 'http://a:1',
      to: 'socks5://b:1080',
    });
    // Stored for another address than the one in use: it stays where it is.
    const stale = networkTrustChanges(manual('http://c:1'), manual('http://b:1'), {
      passwordAt: 'http://a:1',
    });
    expect(stale.map((c) => c.kind)).toEqual(['proxy']);
  });

  test('a CA file names its certificate; the system store counts when turned on, not off', () => {
    const summary = { name: 'corp.pem', count: 2, subject: 'CN=Corp Root', sha256: 'AA:BB' };
    const ca = networkTrustChanges(net({}), net({ caFile: '/etc/ssl/corp.pem' }), {
      passwordAt: null,
      ca: { file: '/etc/ssl/corp.pem', summary },
    });
    expect(words(ca)).toEqual([
      'trust the CA file corp.pem (CN=Corp Root, SHA-256 AA:BB and 1 more) for every robot',
    ]);
    expect(words(networkTrustChanges(net({ useSystemCertificates: false }), net({}), none))).toEqual([
      "trust every certificate authority in the operating system's store, for every robot",
    ]);
    expect(networkTrustChanges(net({}), net({ useSystemCertificates: false }), none)).toEqual([]);
    expect(networkTrustChanges(net({ caFile: '/a.pem' }), net({}), none)).toEqual([]);
  });
});

describe('which robot changes are trust decisions', () => {
  const base = newRobot({ name: 'Lab', baseUrl: 'https://lab.example:8443' }, 'r1', 0);

  test('a certificate accepted for the robot’s host, whatever its issuer', () => {
    const pinned = patchedRobot(base, { pinnedCertSha256: PIN }, 1);
    expect(pinned.pinnedCertOrigin).toBe('https://lab.example:8443');
    expect(words(robotTrustChanges(base, pinned))).toEqual([
      `accept the certificate ${PIN} for lab.example:8443 whatever its issuer or name`,
    ]);
    // Saved again as it is (the form sends the pin every time): nothing new to trust.
    expect(robotTrustChanges(pinned, patchedRobot(pinned, { pinnedCertSha256: PIN, notes: 'n' }, 2))).toEqual(
      [],
    );
  });

  test('a robot that moves forgets its certificate, unless it is given again for the new host, which is asked', () => {
    const pinned = patchedRobot(base, { pinnedCertSha256: PIN }, 1);
    const moved = patchedRobot(pinned, { baseUrl: 'https://elsewhere.example' }, 2);
    expect(moved).toMatchObject({ pinnedCertSha256: null, pinnedCertOrigin: null });
    expect(robotTrustChanges(pinned, moved)).toEqual([]);
    const repinned = patchedRobot(pinned, { baseUrl: 'https://elsewhere.example', pinnedCertSha256: PIN }, 3);
    expect(repinned.pinnedCertOrigin).toBe('https://elsewhere.example');
    expect(words(robotTrustChanges(pinned, repinned))).toEqual([
      `accept the certificate ${PIN} for elsewhere.example whatever its issuer or name`,
    ]);
  });

  test('plain http to another machine, for each new host; loopback and https are none', () => {
    const plain = newRobot({ name: 'Box', baseUrl: 'http://10.0.0.5', allowInsecureHttp: true }, 'r2', 0);
    expect(words(robotTrustChanges(null, plain))).toEqual([
      'allow plain http to 10.0.0.5, where the token and arguments travel unencrypted',
    ]);
    const next = patchedRobot(plain, { baseUrl: 'http://10.0.0.6:8080' }, 1);
    expect(robotTrustChanges(plain, next).map((c) => c.kind)).toEqual(['plain-http']);
    const local = newRobot({ name: 'L', baseUrl: 'http://127.0.0.1:8080', allowInsecureHttp: true }, 'r3', 0);
    expect(robotTrustChanges(null, local)).toEqual([]);
    expect(robotTrustChanges(base, patchedRobot(base, { allowInsecureHttp: true }, 1))).toEqual([]);
  });
});
