import { Command } from 'commander';
import type { AppCore } from '../../core/appCore.ts';
import type { Call } from '../../shared/models/call.ts';
import { notFoundError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { errorKindOf } from '../exitCodes.ts';
import { argumentOptions, fireRequest, givenChanges, type SendOptions } from '../fireRequest.ts';
import { fieldSourceOptions } from '../fieldSources.ts';
import { printLine } from '../output.ts';

export function curlCommand(): Command {
  return fieldSourceOptions(
    argumentOptions(
      new Command('curl')
        .description(
          "print the trigger as a curl command, or a past call's exact request; it reads the token from $ROBOT_TOKEN, so none is printed",
        )
        .argument(
          '<ROBOT|CALL>',
          'the robot, or a past call (its local id, first characters, or webhookCallId)',
        )
        .option('--preset <NAME>', "send this preset; arguments given here override the preset's"),
    ),
    "a value for one of the preset's fields (robot-tray preset show lists them); a secret field's value is left out of the command",
  ).action(run(printCurl));
}

async function printCurl(robotOrCall: string, options: SendOptions): Promise<void> {
  const args = await givenChanges(options);
  const shaping = args !== undefined || options.preset !== undefined || options.get === true;
  await withCore(async (core) => {
    const robot = await core.getRobot(robotOrCall).catch((error: unknown) => {
      // A name no robot has may be a call: then its past request is printed.
      if (shaping || errorKindOf(error) !== 'not-found') throw error;
      return undefined;
    });
    if (robot !== undefined) {
      const request = await fireRequest(core, robot, options, args, { prompt: false });
      const command = await core.curlCommand(robot.id, request);
      printLine(command);
      noteSecretsLeftOut(command);
      return;
    }
    const command = await pastRequest(core, findCall(core, robotOrCall));
    printLine(command);
    noteSecretsLeftOut(command);
  });
}

/** A secret field's value is never printed: say where the command holds its placeholder instead. */
function noteSecretsLeftOut(command: string): void {
  const names = [
    ...new Set([...command.matchAll(/\(secret field ([A-Za-z][\w-]*), not kept\)/g)].map((m) => m[1])),
  ];
  if (names.length === 0) return;
  process.stderr.write(
    `robot-tray: the command leaves out the value of secret field${names.length > 1 ? 's' : ''} ${names.join(', ')}: ` +
      `replace each "(secret field NAME, not kept)" with its value before running it.\n`,
  );
}

function findCall(core: AppCore, id: string): Call {
  try {
    return core.getCall(id);
  } catch (error) {
    if (errorKindOf(error) !== 'not-found') throw error;
    throw notFoundError(
      `No robot is named "${id}", and no call has that id. List robots with: robot-tray robot list, and calls with: robot-tray call list`,
    );
  }
}

/**
 * The request a past call sent: to the URL it recorded (the robot's address
 * then, even if it has moved since), with its method and arguments.
 */
async function pastRequest(core: AppCore, call: Call): Promise<string> {
  const { buildCurlCommand } = await import('../../core/http/curlCommand.ts');
  const { TRIGGER_PATH } = await import('../../core/http/targetUrl.ts');
  if (call.url === null) {
    // Never sent (refused before its trigger left): what it would have sent.
    return core.curlCommand(call.robotId, { method: call.method, args: call.args });
  }
  const url = new URL(call.url);
  const basePath = url.pathname.endsWith(TRIGGER_PATH)
    ? url.pathname.slice(0, -TRIGGER_PATH.length)
    : url.pathname;
  return buildCurlCommand({ origin: url.origin, basePath }, call.method, call.args);
}
