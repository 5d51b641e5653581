// Run by a test in a child process with no D-Bus session: tries to store a
// token the way the app would and prints what Robot Tray reports.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppCore } from '../../src/core/appCore.ts';
import { AppError } from '../../src/core/errors.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-probe-'));
const core = await AppCore.open({ dataDir });
const robot = await core.createRobot({ name: 'Probe', baseUrl: 'http://127.0.0.1:9' });
try {
  await core.setToken(robot.id, 'probe-token-value');
  process.stdout.write(JSON.stringify({ stored: true }));
} catch (error) {
  const e = error instanceof AppError ? error : new AppError('internal', String(error));
  const after = await core.getRobot(robot.id);
  process.stdout.write(JSON.stringify({ kind: e.kind, message: e.message, hasToken: after.hasToken }));
}
await core.close();
