// Writes docs/cli.md, the CLI reference: the hand-written parts from
// scripts/generate/cliDoc.template.md, and under its <!-- commands --> mark the
// --help of every command (examples included) as the commander program prints
// it, so the reference cannot drift from the CLI. `npm run generate` runs it; a
// unit test (cliDoc.test.ts) fails when docs/cli.md is not what this writes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { format, resolveConfig } from 'prettier';
import { buildProgram } from '../../src/cli/program.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CLI_DOC_FILE = path.join(ROOT, 'docs/cli.md');
export const CLI_DOC_TEMPLATE = path.join(ROOT, 'scripts/generate/cliDoc.template.md');
const COMMANDS_MARK = '<!-- commands -->';
/** Wide enough for the options' descriptions, the same on every machine (a terminal's width is not). */
const HELP_WIDTH = 100;

/** What `robot-tray ... --help` prints for `command`, examples included. */
export function helpText(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk), getOutHelpWidth: () => HELP_WIDTH });
  command.outputHelp();
  return text.trimEnd();
}

function typedPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Every command people see in the help, parents before their subcommands; short forms left out. */
export function listedCommands(program: Command): Command[] {
  const listed: Command[] = [];
  const visit = (command: Command) => {
    for (const sub of program.createHelp().visibleCommands(command)) {
      if (sub.name() === 'help') continue;
      listed.push(sub);
      visit(sub);
    }
  };
  visit(program);
  return listed;
}

function helpBlock(command: Command, level: string): string {
  return `${level} \`${typedPath(command)}\`\n\n\`\`\`text\n${helpText(command)}\n\`\`\`\n`;
}

/** docs/cli.md's text for this program and template. */
export async function cliDocText(program: Command, template: string): Promise<string> {
  if (!template.includes(COMMANDS_MARK)) throw new Error(`the CLI template has no ${COMMANDS_MARK} mark`);
  const commands = [
    helpBlock(program, '###'),
    ...listedCommands(program).map((c) => helpBlock(c, c.parent === program ? '###' : '####')),
  ].join('\n');
  const header =
    '<!-- Written by `npm run generate` (scripts/generate/cliDoc.ts) from the commander program and ' +
    'scripts/generate/cliDoc.template.md; edit those, not this file. -->';
  const markdown = `${header}\n\n${template.replace(COMMANDS_MARK, commands)}`;
  const options = (await resolveConfig(CLI_DOC_FILE)) ?? {};
  return format(markdown, { ...options, parser: 'markdown' });
}

/** docs/cli.md's text for the CLI as it is today. */
export async function currentCliDoc(): Promise<string> {
  // The version is not part of any help text; buildProgram only needs one.
  return cliDocText(buildProgram('0.0.0'), await readFile(CLI_DOC_TEMPLATE, 'utf8'));
}

if (import.meta.main) await writeFile(CLI_DOC_FILE, await currentCliDoc());
