import { Command } from 'commander';
import type { Call } from '../../shared/models/call.ts';
import type { JsonObject } from '../../shared/models/json.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import { changeArgs } from '../argChanges.ts';
import { collect } from '../args.ts';
import { usageError } from '../cliError.ts';
import { run } from '../command.ts';
import { withCore } from '../coreAccess.ts';
import { argumentOptions, givenChanges } from '../fireRequest.ts';
import { type FieldSourceOptions, fieldSourceOptions, fieldTexts } from '../fieldSources.ts';
import { printProblem } from '../output.ts';
import { sendAndReport } from '../sendAndReport.ts';
import { type TokenEnvOptions, tokenEnvOption, useTokenFromEnv } from '../tokenEnv.ts';
import { type WaitOptions, waitOptions, waitSettings } from './fire.ts';

type RefireOptions = TokenEnvOptions &
  WaitOptions & {
    args?: string[];
    arg?: string[];
    unsetArg?: string[];
    get?: boolean;
    post?: boolean;
  } & FieldSourceOptions;

/**
 * `refire CALL`: the same robot, method and arguments as that call sent, or
 * with changes set over them. The preset's arguments today are not merged
 * in: what is sent is what the call sent, changed as asked.
 */
export function refireCommand(): Command {
  return fieldSourceOptions(
    waitOptions(
      argumentOptions(
        tokenEnvOption(new Command('refire'))
          .description(
            "fire a past call again: its method and arguments as they were sent, or changed (set over the call's), to the robot's address now",
          )
          .argument('<CALL>', "the call's local id (or its first characters), or its webhookCallId"),
      )
        .option('--unset-arg <KEY>', "leave out one of the call's arguments; may be repeated", collect)
        .option('--post', 'send with POST'),
    ),
    'the value of a secret field the call was sent with (Robot Tray does not keep those)',
  ).action(run(refire));
}

async function refire(id: string, options: RefireOptions): Promise<number> {
  if (options.get === true && options.post === true) throw usageError('Give --get or --post, not both.');
  const settings = await waitSettings(options, Date.now());
  const given = await givenChanges(options);
  const method: HttpMethod | undefined =
    options.get === true ? 'GET' : options.post === true ? 'POST' : undefined;
  return withCore(async (core) => {
    const call = core.getCall(id);
    useTokenFromEnv(core, call.robotId, options);
    const args: JsonObject | undefined =
      given === undefined && (options.unsetArg?.length ?? 0) === 0
        ? undefined
        : changeArgs(call.args, { given, unset: options.unsetArg }, `call ${call.id}`);
    const preset =
      call.presetId === null
        ? undefined
        : (await core.listPresets(call.robotId)).find((p) => p.id === call.presetId);
    const { refireSecretValues } = await import('../fieldOptions.ts');
    const { secretFieldsIn } = await import('../../shared/models/presetFields.ts');
    const needed = new Set(secretFieldsIn(args ?? call.args));
    const asked = (preset?.fields ?? [])
      .filter((f) => needed.has(f.name))
      .map((f) => ({ ...f, secret: true, required: true }));
    const fields = refireSecretValues(args ?? call.args, preset, await fieldTexts(options, asked));
    const changes = {
      ...(args === undefined ? {} : { args }),
      ...(method === undefined ? {} : { method }),
      ...(fields === undefined ? {} : { fields }),
    };
    return sendAndReport(
      core,
      async () => {
        const sent = await core.refire(call.id, changes);
        const moved = movedWords(call, sent);
        if (moved !== undefined) printProblem(moved);
        return sent;
      },
      settings,
    );
  });
}

/**
 * A call goes to the robot's address now: when the robot moved since, the
 * person is told where this one went, not left to think it went where the
 * first did. Query strings aside (a GET's arguments may have changed).
 */
function movedWords(first: Call, sent: Call): string | undefined {
  if (first.url === null || sent.url === null) return undefined;
  const was = first.url.split('?')[0]!;
  const now = sent.url.split('?')[0]!;
  if (was === now) return undefined;
  return `Sent to ${now}, robot "${sent.robotName}"'s address now; call ${first.id} went to ${was}.`;
}
