import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import { ExitCode } from '../exitCodes.ts';
import { reportCall } from '../callReport.ts';
import { usageError } from '../cliError.ts';
import { parseSeconds, run } from '../command.ts';
import { checkResponseOptions } from '../responseOutput.ts';
import { withCore } from '../coreAccess.ts';
import { argumentOptions, fireRequest, givenArgs, type SendOptions } from '../fireRequest.ts';
import { type TokenEnvOptions, tokenEnvOption, useTokenFromEnv } from '../tokenEnv.ts';
import { waitAndReport } from '../waitForCall.ts';

type FireOptions = SendOptions &
  TokenEnvOptions & { wait?: boolean; timeout?: number; json?: boolean; full?: boolean; output?: string };

export function fireCommand(): Command {
  return argumentOptions(
    tokenEnvOption(new Command('fire'))
      .description('start a robot: send its trigger, optionally wait for its response')
      .argument('<ROBOT>', 'the robot')
      .option('--preset <NAME>', "send this preset; arguments given here override the preset's"),
  )
    .option('--wait', 'wait until the robot responds; progress on stderr, the response as JSON on stdout')
    .option('--timeout <SECONDS>', 'stop waiting after this long and exit 4 (implies --wait)', parseSeconds)
    .option('--json', 'print the call record as JSON')
    .option('--full', 'with --wait on a terminal, show a long response whole instead of its first lines')
    .option(
      '--output <FILE>',
      "with --wait, write the robot's response to FILE as JSON instead of stdout; - writes it whole to stdout",
    )
    .addHelpText(
      'after',
      `
Examples:
  robot-tray fire "Invoice sync" --arg customer=C-17 --arg amount=12.5
  robot-tray fire "Invoice sync" --preset "Rush order" --arg rush=true --wait --timeout 120`,
    )
    .action(run(fire));
}

async function fire(robotName: string, options: FireOptions): Promise<number> {
  const started = Date.now();
  // Arguments are checked before the core is opened: a typo costs nothing.
  const args = await givenArgs(options);
  const wait = options.wait === true || options.timeout !== undefined;
  const json = options.json === true;
  const shown = { json, full: options.full, output: options.output };
  checkResponseOptions(shown);
  if (options.output !== undefined && !wait) {
    throw usageError('--output needs --wait: without it fire ends before the robot has responded.');
  }
  return withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    useTokenFromEnv(core, robot.id, options);
    const request = await fireRequest(core, robot, options, args);
    const deadline = options.timeout === undefined ? undefined : started + options.timeout * 1000;
    const { result: call, cut } = await abortable(core, deadline, () => core.fire(robot.id, request));
    // Cut short while the trigger was in flight: the call is `unknown` (it
    // may have arrived), reported as such; Ctrl+C still exits 130.
    if (cut === 'interrupted') {
      await reportCall(call, { ...shown, waited: false });
      return ExitCode.interrupted;
    }
    if (!wait || call.state !== 'waiting') return reportCall(call, { ...shown, waited: false });
    return waitAndReport(core, call.id, { ...shown, started, timeoutSeconds: options.timeout });
  });
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
