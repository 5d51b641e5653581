/**
 * Each test file gets its own keychain session: a private D-Bus session bus
 * with a throwaway gnome-keyring, started before the file's tests and ended
 * after them. with-keyring.sh gives the whole run one session; without this,
 * two files running at once share it, and a team robot's token (its id comes
 * from its name) set by one file is found by the other.
 *
 * Runs as a vitest setup file; outside with-keyring.sh (no session bus) it
 * does nothing, and tests that need a keychain skip as they say.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

function startKeyring(): () => void {
  const started = execFileSync('dbus-daemon', ['--session', '--print-address=1', '--print-pid=1', '--fork'], {
    encoding: 'utf8',
  });
  const [address, pid] = started.trim().split('\n');
  if (address === undefined || pid === undefined) throw new Error(`dbus-daemon said: ${started}`);
  const home = mkdtempSync(path.join(os.tmpdir(), 'robot-tray-keyring-'));
  execFileSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'robot-tray-test',
    env: { ...process.env, HOME: home, XDG_RUNTIME_DIR: home, DBUS_SESSION_BUS_ADDRESS: address },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  process.env.DBUS_SESSION_BUS_ADDRESS = address;
  // The keyring daemon leaves when its bus does.
  return () => {
    try {
      process.kill(Number(pid));
    } catch {
      // Already gone.
    }
    rmSync(home, { recursive: true, force: true });
  };
}

if (process.env.DBUS_SESSION_BUS_ADDRESS !== undefined) {
  const stop = startKeyring();
  afterAll(stop);
}
