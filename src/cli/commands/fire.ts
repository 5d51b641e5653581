import { Command } from 'commander';
import { usageError } from '../cliError.ts';
import { parseSeconds, run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { argumentOptions, fireRequest, givenChanges, type SendOptions } from '../fireRequest.ts';
import { fieldSourceOptions } from '../fieldSources.ts';
import { checkOutputFolder } from '../outputFile.ts';
import { checkResponseOptions } from '../responseOutput.ts';
import { sendAndReport } from '../sendAndReport.ts';
import { type TokenEnvOptions, tokenEnvOption, useTokenFromEnv } from '../tokenEnv.ts';

export type WaitOptions = {
  wait?: boolean;
  timeout?: number;
  json?: boolean;
  full?: boolean;
  output?: string;
};
type FireOptions = SendOptions & TokenEnvOptions & WaitOptions;

export function fireCommand(): Command {
  return fieldSourceOptions(
    waitOptions(
      argumentOptions(
        tokenEnvOption(new Command('fire'))
          .description('start a robot: send its trigger, optionally wait for its response')
          .argument('<ROBOT>', 'the robot')
          .option('--preset <NAME>', "send this preset; arguments given here override the preset's"),
      ),
    ),
    "a value for one of the preset's fields (robot-tray preset show lists them)",
  ).action(run(fire));
}

/** --wait, --timeout, --json, --full and --output, the same for every command that sends. */
export function waitOptions(command: Command): Command {
  return command
    .option('--wait', 'wait until the robot responds; progress on stderr, the response as JSON on stdout')
    .option('--timeout <SECONDS>', 'stop waiting after this long and exit 4 (implies --wait)', parseSeconds)
    .option('--json', 'print the call record as JSON')
    .option('--full', 'with --wait on a terminal, show a long response whole instead of its first lines')
    .option(
      '--output <FILE>',
      "with --wait, write the robot's response to FILE as JSON instead of stdout; - writes it whole to stdout",
    );
}

/** The wait options checked before anything is sent, as the report needs them. */
export async function waitSettings(options: WaitOptions, started: number) {
  const wait = options.wait === true || options.timeout !== undefined;
  const shown = { json: options.json === true, full: options.full, output: options.output };
  checkResponseOptions(shown);
  if (options.output !== undefined && !wait) {
    throw usageError('--output needs --wait: without it the command ends before the robot has responded.');
  }
  // Known now, not after the robot ran for nothing.
  if (options.output !== undefined && options.output !== '-')
    await checkOutputFolder(options.output, '--output ', 'Nothing was sent.');
  return { ...shown, wait, started, timeoutSeconds: options.timeout };
}

async function fire(robotName: string, options: FireOptions): Promise<number> {
  const settings = await waitSettings(options, Date.now());
  // Arguments are checked before the core is opened: a typo costs nothing.
  const args = await givenChanges(options);
  return withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    useTokenFromEnv(core, robot.id, options);
    const request = await fireRequest(core, robot, options, args);
    return sendAndReport(core, () => core.fire(robot.id, request, { pollAtOnce: settings.wait }), settings);
  });
}
