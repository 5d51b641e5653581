/**
 * The naive poller people write: trigger with fetch, then ask about every
 * waiting call each `everyMs` until it is DONE. The baseline the core is
 * measured against.
 */
import type { Detection } from './workload.ts';
import { schedule, tokenOf, WAITED_KEY, type Workload } from './workload.ts';

const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';

export async function driveNaive(baseUrl: string, w: Workload, everyMs: number) {
  return {
    /** The naive client keeps no profile. */
    catchUp: (): Array<number | null> => [],
    async run(limitMs: number): Promise<Detection[]> {
      const detections: Detection[] = [];
      const start = Date.now();
      const deadline = start + limitMs;
      const watch = async (robot: number, drifted: boolean) => {
        const token = tokenOf(robot, drifted);
        let sent = Date.now();
        let webhookCallId: string | undefined;
        // A connection the sandbox closed as it was reused (a loaded machine): fire again, as people would.
        for (let attempt = 0; webhookCallId === undefined; attempt++) {
          sent = Date.now();
          try {
            const trigger = await fetch(baseUrl + TRIGGER, {
              method: 'POST',
              headers: { 'x-service-token': token, 'content-type': 'application/json' },
              body: '{}',
            });
            ({ webhookCallId } = (await trigger.json()) as { webhookCallId: string });
          } catch (error) {
            if (attempt >= 3) throw error;
          }
        }
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, everyMs));
          if (Date.now() > deadline) return;
          let body: { status: string; response?: Record<string, number> };
          try {
            const answer = await fetch(baseUrl + QUERY + encodeURIComponent(webhookCallId), {
              headers: { 'x-service-token': token },
            });
            body = (await answer.json()) as typeof body;
          } catch {
            // A connection the sandbox closed as it was reused (seen on a loaded machine): ask again next time.
            continue;
          }
          if (body.status === 'DONE') {
            const runMs = body.response?.[WAITED_KEY] ?? 0;
            detections.push({ lagMs: Date.now() - (sent + runMs), runMs });
            return;
          }
        }
      };
      await Promise.all(
        schedule(w).map(async ({ at, robot, drifted }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - Date.now())));
          await watch(robot, drifted);
        }),
      );
      return detections;
    },
    async close() {},
  };
}
