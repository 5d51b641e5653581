import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { openIpcShell, type IpcShell } from '../support/ipcShell.ts';

const originOf = (url: string) => new URL(url).origin;

/**
 * A compromised window against main's real dispatch and handlers (issue 20,
 * section 1): whatever it asks, a robot's token reaches a new origin only
 * when the person confirms main's own dialog.
 */
describe('through IPC, a token goes to a new origin only on main’s dialog', () => {
  let shell: IpcShell;
  let home: Sandbox;
  let attacker: Sandbox;
  afterEach(async () => {
    await shell?.close();
    await home?.close();
    await attacker?.close();
  });

  /** A robot with its token at `home`; `attacker` is a server the window would like the token sent to. */
  async function setUp() {
    home = await startSandbox({ demoRobots: false, seed: 11 });
    attacker = await startSandbox({ demoRobots: false, seed: 12 });
    const { token } = home.addRobot({ name: 'Payroll', flow: [{ type: 'respond', echo: true }] });
    attacker.addRobot({ name: 'Payroll', flow: [{ type: 'respond', echo: true }], token });
    shell = await openIpcShell();
    const robot = await shell.value('createRobot', { name: 'Payroll', baseUrl: home.baseUrl });
    await shell.value('setToken', { robotId: robot.id, token });
    // Plain http to a name that is not loopback-literal, with insecure http turned on: another origin.
    const elsewhere = attacker.baseUrl.replace('127.0.0.1', 'localhost');
    return { robot, token, elsewhere };
  }

  test('updateRobot to another origin with insecure http, then fire: the token never reaches the new server', async () => {
    const { robot, elsewhere } = await setUp();
    const moved = await shell.value('updateRobot', {
      id: robot.id,
      patch: { baseUrl: elsewhere, allowInsecureHttp: true },
    });
    expect(moved).toMatchObject({
      hasToken: false,
      tokenSuspended: { from: originOf(home.baseUrl), to: originOf(elsewhere) },
    });
    const fire = await shell.refusal('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(fire.kind).toBe('validation');
    expect(fire.message).toContain(originOf(home.baseUrl));
    expect(fire.message).toContain(originOf(elsewhere));
    // The window cannot move it by itself: there is no other way than main's dialog, and it said no.
    const declined = await shell.value('confirmTokenOrigin', { robotId: robot.id });
    expect(declined).toMatchObject({ hasToken: false, suspended: { to: originOf(elsewhere) } });
    expect(shell.asked).toHaveLength(1);
    await shell.refusal('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(attacker.requests()).toEqual([]);
    expect(home.requests()).toEqual([]);
  });

  test('the dialog names both origins; confirmed, the token is used at the new origin', async () => {
    const { robot, token, elsewhere } = await setUp();
    await shell.value('updateRobot', {
      id: robot.id,
      patch: { baseUrl: elsewhere, allowInsecureHttp: true },
    });
    shell.answers.push(true);
    const confirmed = await shell.value('confirmTokenOrigin', { robotId: robot.id });
    expect(confirmed).toMatchObject({ hasToken: true, suspended: null });
    const [question] = shell.asked;
    expect(question!.message).toContain(originOf(elsewhere));
    expect(question!.detail).toContain(`set for ${originOf(home.baseUrl)}`);
    expect(JSON.stringify(shell.asked)).not.toContain(token);
    await shell.value('fire', { robotId: robot.id, method: 'POST', args: {} });
    expect(attacker.requests().map((r) => r.headers['x-service-token'])).toEqual([token]);
  });

  test('an address changed again while the dialog is open is refused: the token goes nowhere unconfirmed', async () => {
    const { robot, elsewhere } = await setUp();
    await shell.value('updateRobot', {
      id: robot.id,
      patch: { baseUrl: elsewhere, allowInsecureHttp: true },
    });
    const third = attacker.baseUrl.replace('127.0.0.1', '127.0.0.2');
    shell.answers.push(async () => {
      await shell.value('updateRobot', { id: robot.id, patch: { baseUrl: third } });
      return true;
    });
    const refused = await shell.refusal('confirmTokenOrigin', { robotId: robot.id });
    expect(refused.message).toContain(`no longer points at ${originOf(elsewhere)}`);
    expect((await shell.value('tokenStatus', { robotId: robot.id })).suspended).toEqual({
      from: originOf(home.baseUrl),
      to: originOf(third),
    });
  });
});
