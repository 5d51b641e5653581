import { Command } from 'commander';
import { batchCommand } from './commands/batch.ts';
import { callsCommand } from './commands/calls.ts';
import { curlCommand } from './commands/curl.ts';
import { diffCommand } from './commands/diff.ts';
import { doctorCommand } from './commands/doctor.ts';
import { historyCommand } from './commands/history.ts';
import { settingsCommand } from './commands/settings.ts';
import { linkCommand, openCommand } from './commands/link.ts';
import { networkCommand } from './commands/network.ts';
import { fireCommand } from './commands/fire.ts';
import { presetCommand } from './commands/preset.ts';
import { refireCommand } from './commands/refire.ts';
import { reportCommand } from './commands/report.ts';
import { saveCommand } from './commands/savedCall.ts';
import { robotCommand } from './commands/robot.ts';
import { exportCommand, importCommand } from './commands/sharing.ts';
import { teamCommand } from './commands/team.ts';
import { sandboxCommand } from './commands/sandbox.ts';
import { statsCommand } from './commands/stats.ts';
import { statusCommand } from './commands/status.ts';
import { forgetCommand, stopCommand } from './commands/stopForget.ts';
import { tokenCommand } from './commands/token.ts';
import { warningsCommand } from './commands/warnings.ts';
import { noteArgumentOptions, noteTokenEnvOption } from './errorReport.ts';
import { collectCaFile, parseProxyFlag, setNetworkFlags } from './networkFlags.ts';
import { EXAMPLES } from './examples.ts';

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function forEachCommand(command: Command, visit: (c: Command) => void): void {
  visit(command);
  for (const sub of command.commands) forEachCommand(sub, visit);
}

type Build = () => Command;

/** The calls in the history, under one noun as `gh run` has them. Each builder is named for its short form. */
const CALL_COMMANDS: ReadonlyArray<readonly [sub: string, build: Build]> = [
  ['list', callsCommand],
  ['show', statusCommand],
  ['stop', stopCommand],
  ['forget', forgetCommand],
  ['refire', refireCommand],
  ['diff', diffCommand],
  ['report', reportCommand],
  ['save', saveCommand],
  ['curl', curlCommand],
];

const LINK_COMMANDS: ReadonlyArray<readonly [sub: string, build: Build]> = [
  ['create', linkCommand],
  ['show', openCommand],
];

/**
 * The short forms people know from before the nouns: each is the noun's
 * command under its old name, hidden from the command list and named once
 * at the end of the help.
 */
export const SHORT_FORMS: ReadonlyArray<readonly [name: string, noun: string, sub: string, build: Build]> = [
  ['calls', 'call', 'list', callsCommand],
  ['status', 'call', 'show', statusCommand],
  ['show', 'call', 'show', statusCommand],
  ['stop', 'call', 'stop', stopCommand],
  ['forget', 'call', 'forget', forgetCommand],
  ['refire', 'call', 'refire', refireCommand],
  ['diff', 'call', 'diff', diffCommand],
  ['report', 'call', 'report', reportCommand],
  ['save', 'call', 'save', saveCommand],
  ['open', 'link', 'show', openCommand],
];

/** A noun whose commands are built from `subs`: only the one `argv` names, when it names one. */
function noun(
  name: string,
  description: string,
  subs: ReadonlyArray<readonly [string, Build]>,
): (argv: readonly string[]) => Command {
  return (argv) => {
    const group = new Command(name).description(description);
    const named = argv[0] === name ? subs.find(([sub]) => sub === argv[1]) : undefined;
    for (const [sub, build] of named === undefined ? subs : [named]) group.addCommand(build().name(sub));
    return group;
  };
}

/**
 * Every command by the name it is typed with, in the order --help lists
 * them. The name is written here so that a command can be built alone.
 */
export const COMMANDS: ReadonlyArray<readonly [name: string, build: (argv: readonly string[]) => Command]> = [
  ['robot', robotCommand],
  ['token', tokenCommand],
  ['preset', presetCommand],
  ['fire', fireCommand],
  ['batch', batchCommand],
  [
    'call',
    noun(
      'call',
      'the calls in the history: list, show, stop, forget, refire, diff, report, save, curl',
      CALL_COMMANDS,
    ),
  ],
  ['curl', curlCommand],
  [
    'link',
    noun(
      'link',
      'robot-tray:// links that open a ready run in the app: create one, show what one holds',
      LINK_COMMANDS,
    ),
  ],
  ['doctor', doctorCommand],
  ['settings', settingsCommand],
  ['network', networkCommand],
  ['history', historyCommand],
  ['stats', statsCommand],
  ['export', exportCommand],
  ['import', importCommand],
  ['team', teamCommand],
  ['warnings', warningsCommand],
  ['sandbox', sandboxCommand],
  ...SHORT_FORMS.map(([name, , , build]) => [name, () => build().name(name)] as const),
];

const HIDDEN = new Set(SHORT_FORMS.map(([name]) => name));
/** A short form's examples are its noun's. */
const LONG_FORM = new Map(SHORT_FORMS.map(([name, noun, sub]) => [name, `${noun} ${sub}`]));

/**
 * `robot-tray` and its commands. Building it loads commander and the
 * command definitions only; the core is imported when a command runs.
 * When `argv` starts with a command's name, only that command is built
 * (building all two dozen, with their options, took about a tenth of a
 * `robot-tray fire`): parsing and help are the same for it, as commander
 * looks at no other command once the first word names one. Anything else
 * (--help, help, a typo to suggest a name for, a global option first) gets
 * them all.
 */
export function buildProgram(version: string, argv: readonly string[] = []): Command {
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const program = new Command('robot-tray')
    .description(
      'Start automation robots by webhook and follow their results, with the robots, presets, ' +
        'history and keychain of the Robot Tray app.',
    )
    .version(version, '-V, --version')
    .option(
      '--proxy <URL>',
      'use this proxy (or "direct") for this run; default: the settings, else HTTPS_PROXY',
      parseProxyFlag,
    )
    .option(
      '--ca <FILE>',
      'also trust the CA certificates in this PEM file for this run (repeatable)',
      collectCaFile,
    );
  for (const [name, build] of named === undefined ? COMMANDS : [named])
    program.addCommand(build(argv), { hidden: HIDDEN.has(name) });
  program.addHelpText(
    'after',
    `
Data folder: $ROBOT_TRAY_HOME, else the app's own. Exit codes: 0 done or accepted, 2 usage,
3 rejected, 4 timeout or stopped, 5 unreachable, 6 unknown/expired/unexpected, 7 keychain,
8 data folder or history unusable, 9 busy (another process is changing the data), 10 the run failed,
130 interrupted. Run "robot-tray COMMAND --help" for each command.
Short forms: ${SHORT_FORMS.map(([name, noun, sub]) => `${name} = ${noun} ${sub}`)
      .join(', ')
      .replace(/(.{1,96})(, |$)/g, '$1$2\n')
      .trimEnd()}.`,
  );
  // addCommand does not pass settings down, so every command gets them here:
  // parse errors are thrown (main prints one line and exits 2) instead of
  // commander printing and exiting by itself.
  forEachCommand(program, (command) => {
    const path = commandPath(command);
    const examples = EXAMPLES[LONG_FORM.get(path) ?? path];
    if (examples !== undefined)
      command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  ${line}`).join('\n')}`);
    command
      .exitOverride((error) => {
        throw Object.assign(error, { commandPath: path });
      })
      .configureOutput({ outputError: () => undefined })
      .showSuggestionAfterError(true);
  });
  // --proxy and --ca may come before or after the command's name.
  program.hook('preAction', (_program, action) => {
    setNetworkFlags(action.optsWithGlobals());
    noteArgumentOptions(action.opts());
    noteTokenEnvOption(action.options.some((option) => option.attributeName() === 'tokenEnv'));
  });
  return program;
}
