/**
 * Robot Tray's core as a poll-benchmark client: its default poll policy and
 * query cap, the per-service rate lifted (at 20 a second it would pace the
 * run, not the schedule), fired on the workload's schedule. `learn`: its
 * history first holds finished runs of every robot, drawn from the same
 * distributions, and it schedules by them; otherwise learning is off.
 */
import path from 'node:path';
import { AppCore } from '../../src/core/appCore.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { SecretBackend } from '../../src/core/vault/tokenVault.ts';
import type { Detection } from './workload.ts';
import { pastRuns, robotName, schedule, tokenOf, WAITED_KEY, type Workload } from './workload.ts';

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
  return {
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
          if (seen.size === w.calls) allDone();
        }
      });
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      for (const { at, robot } of schedule(w)) {
        timers.push(
          setTimeout(
            () => void core.fire(robots[robot]!, { method: 'POST', args: {} }).catch(() => undefined),
            at,
          ),
        );
      }
      const limit = new Promise<void>((resolve) => timers.push(setTimeout(resolve, limitMs)));
      await Promise.race([finished, limit]);
      for (const timer of timers) clearTimeout(timer);
      return detections;
    },
    close: () => core.close(),
  };
}
