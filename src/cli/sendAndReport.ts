import type { AppCore } from '../core/appCore.ts';
import type { Call } from '../shared/models/call.ts';
import { reportCall } from './callReport.ts';
import { ExitCode } from './exitCodes.ts';
import { argumentNotes } from './fireRequest.ts';
import type { ResponseOptions } from './responseOutput.ts';
import { waitAndReport } from './waitForCall.ts';

export type SendReportOptions = ResponseOptions & {
  started: number;
  wait: boolean;
  timeoutSeconds: number | undefined;
};

/**
 * Sends a trigger (`fire`, `refire`) and reports it: accepted, refused, or
 * with --wait followed to its end. The command's deadline and Ctrl+C cut a
 * trigger still in flight; such a call is `unknown` (it may have arrived).
 */
export async function sendAndReport(
  core: AppCore,
  send: () => Promise<Call>,
  options: SendReportOptions,
): Promise<number> {
  const { started, timeoutSeconds } = options;
  const deadline = timeoutSeconds === undefined ? undefined : started + timeoutSeconds * 1000;
  const { result: call, cut } = await abortable(core, deadline, send);
  if (cut === 'interrupted') {
    await reportCall(call, { ...options, waited: false });
    return ExitCode.interrupted;
  }
  if (call.state === 'rejected' && (call.error?.status === 400 || call.error?.status === 422)) {
    const code = await reportCall(call, { ...options, waited: false });
    // Arguments refused, some typed as text that read as numbers or flags: say how to send those.
    for (const note of argumentNotes()) process.stderr.write(`robot-tray: ${note}.\n`);
    return code;
  }
  if (!options.wait || call.state !== 'waiting') return reportCall(call, { ...options, waited: false });
  return waitAndReport(core, call.id, options);
}

/**
 * Run `work` (a request to the service) so that the command's deadline or
 * Ctrl+C aborts it on time instead of waiting for a slow service.
 */
async function abortable<T>(
  core: AppCore,
  deadline: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; cut: 'timeout' | 'interrupted' | null }> {
  let cut: 'timeout' | 'interrupted' | null = null;
  const stop = (why: 'timeout' | 'interrupted') => () => {
    cut ??= why;
    core.abortRequests();
  };
  const onInterrupt = stop('interrupted');
  const timer =
    deadline === undefined ? undefined : setTimeout(stop('timeout'), Math.max(0, deadline - Date.now()));
  process.on('SIGINT', onInterrupt);
  try {
    return { result: await work(), cut };
  } finally {
    process.off('SIGINT', onInterrupt);
    if (timer !== undefined) clearTimeout(timer);
  }
}
