import { Command } from 'commander';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { argumentOptions, fireRequest, givenArgs, type SendOptions } from '../fireRequest.ts';
import { printLine } from '../output.ts';

export function curlCommand(): Command {
  return argumentOptions(
    new Command('curl')
      .description(
        'print the trigger as a curl command; it reads the token from $ROBOT_TOKEN, so none is printed',
      )
      .argument('<ROBOT>', 'the robot')
      .option('--preset <NAME>', "send this preset; arguments given here override the preset's"),
  )
    .addHelpText(
      'after',
      `
Example:
  ROBOT_TOKEN=... sh -c "$(robot-tray curl "Invoice sync" --arg customer=C-17)"`,
    )
    .action(run(printCurl));
}

async function printCurl(robotName: string, options: SendOptions): Promise<void> {
  const args = await givenArgs(options);
  await withCore(async (core) => {
    const robot = await core.getRobot(robotName);
    printLine(await core.curlCommand(robot.id, await fireRequest(core, robot, options, args)));
  });
}
