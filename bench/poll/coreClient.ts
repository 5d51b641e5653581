/**
 * Robot Tray's core as a poll-benchmark client: its default poll policy and
 * query cap, the per-service rate lifted (at 20 a second it would pace the
 * run, not the schedule), fired on the workload's schedule. `learn`: its
 * history first holds finished runs of every robot, drawn from the same
 * distributions, and it schedules by them; otherwise learning is off. In a
 * drift workload each robot's token becomes its drifted twin's halfway (the
 * robot in Robot Tray, and so its profile, stays the same), and the client
 * notes after how many runs at the new speed the profile had caught up.
 */
import path from 'node:path';
import { AppCore } from '../../src/core/appCore.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { SecretBackend } from '../../src/core/vault/tokenVault.ts';
import type { Detection } from './workload.ts';
import { medianAt, pastRuns, robotName, schedule, tokenOf, WAITED_KEY, type Workload } from './workload.ts';

/** The profile has caught up once the middle of its usual run is within this factor of the new median. */
const CAUGHT_UP_WITHIN = 1.25;

export async function driveCore(baseUrl: string, w: Workload, dataDir: string, learn: boolean) {
  const secrets = new Map<string, string>();
  const memorySecrets: SecretBackend = {
    getPassword: async (_s, account) => secrets.get(account) ?? null,
    setPassword: async (_s, account, password) => void secrets.set(account, password),
    deletePassword: async (_s, account) => secrets.delete(account),
  };
  const core = await AppCore.open({
    dataDir,
    secrets: memorySecrets,
    resumeWatching: false,
    learnRunTimes: learn,
  });
  await core.updateSettings({
    historyLimit: w.calls + w.robots * w.pastRuns + 100,
    queriesPerSecondPerOrigin: 100_000,
  });
  const robots: string[] = [];
  for (let r = 0; r < w.robots; r++) {
    const robot = await core.createRobot({ name: robotName(r), baseUrl });
    await core.setToken(robot.id, tokenOf(r));
    robots.push(robot.id);
  }
  if (learn) {
    const history = CallHistory.open(path.join(dataDir, 'robot-tray.sqlite'), new WarningLog());
    const at = Date.now() - 86_400_000;
    robots.forEach((robotId, r) => {
      pastRuns(w, r).forEach((ms, i) => {
        history.put({
          id: `past-${r}-${i}`,
          robotId,
          robotName: robotName(r),
          presetId: null,
          presetName: null,
          method: 'POST',
          args: {},
          state: 'done',
          webhookCallId: `wh-past-${r}-${i}`,
          url: `${baseUrl}/main/public/webhook/request`,
          rawStatus: null,
          warning: null,
          error: null,
          notifyOnFinish: false,
          createdAt: at + i,
          sentAt: at + i,
          acceptedAt: at + i,
          lastPolledAt: at + i + ms,
          nextPollAt: null,
          finishedAt: at + i + ms,
          watchUntil: null,
          pollCount: 1,
          timeline: [],
        });
      });
    });
    history.close();
  }
  const robotOf = new Map(robots.map((id, r) => [id, r]));
  /** Per robot: runs at the new speed seen done so far, and how many there were when the profile caught up. */
  const drifted = robots.map(() => ({ seen: 0, caughtUpAfter: null as number | null }));
  const noteDrift = (robotId: string, firedDrifted: boolean) => {
    const r = robotOf.get(robotId)!;
    const state = drifted[r]!;
    if (firedDrifted) state.seen++;
    if (state.caughtUpAfter !== null || state.seen === 0) return;
    const usual = core.usualRun({ robotId, presetId: null });
    if (usual === undefined) return;
    const middle = Math.sqrt(usual.lowMs * usual.highMs);
    const goal = medianAt(w, r, w.spreadMs);
    if (Math.abs(Math.log(middle / goal)) <= Math.log(CAUGHT_UP_WITHIN)) state.caughtUpAfter = state.seen;
  };
  const driftedCalls = new Set<string>();
  return {
    /** After how many runs at the new speed each robot's profile caught up (null: not in this run); empty without drift. */
    catchUp: (): Array<number | null> => (w.drift === 1 ? [] : drifted.map((d) => d.caughtUpAfter)),
    async run(limitMs: number): Promise<Detection[]> {
      const detections: Detection[] = [];
      const seen = new Set<string>();
      let allDone: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => (allDone = resolve));
      core.subscribe((event) => {
        if (event.type !== 'calls') return;
        for (const call of event.calls) {
          // The history's past runs are announced too when the feed reads them: only this run's calls count.
          if (call.state !== 'done' || seen.has(call.id) || call.id.startsWith('past-')) continue;
          seen.add(call.id);
          const response = call.response as Record<string, number> | undefined;
          const runMs = response?.[WAITED_KEY] ?? 0;
          detections.push({ lagMs: call.finishedAt! - ((call.sentAt ?? call.createdAt) + runMs), runMs });
          if (w.drift !== 1) noteDrift(call.robotId, driftedCalls.has(call.id));
          if (seen.size === w.calls) allDone();
        }
      });
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      // Halfway the service's robots drift: their twins' tokens from then on, before any drifted call fires.
      let switched: Promise<unknown> = Promise.resolve();
      if (w.drift !== 1)
        timers.push(
          setTimeout(() => {
            switched = Promise.all(robots.map((id, r) => core.setToken(id, tokenOf(r, true))));
          }, w.spreadMs / 2),
        );
      const fire = async (robot: number, isDrifted: boolean) => {
        if (isDrifted) await switched;
        const call = await core.fire(robots[robot]!, { method: 'POST', args: {} });
        if (isDrifted) driftedCalls.add(call.id);
      };
      for (const { at, robot, drifted: isDrifted } of schedule(w))
        timers.push(setTimeout(() => void fire(robot, isDrifted).catch(() => undefined), at));
      const limit = new Promise<void>((resolve) => timers.push(setTimeout(resolve, limitMs)));
      await Promise.race([finished, limit]);
      for (const timer of timers) clearTimeout(timer);
      return detections;
    },
    close: () => core.close(),
  };
}
