import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram, COMMANDS, SHORT_FORMS } from '../../src/cli/program.ts';

/** The commander error a parse of `argv` throws (its message and code). */
async function parseError(argv: string[]): Promise<unknown> {
  try {
    await buildProgram('1.0.0', argv).parseAsync(argv, { from: 'user' });
  } catch (error) {
    const { code, message, commandPath } = error as { code: string; message: string; commandPath: string };
    return { code, message, commandPath };
  }
  throw new Error(`${argv.join(' ')} parsed without error`);
}

/** `robot-tray COMMAND ...` builds that command alone (src/cli/program.ts). */
describe('the program built for one command', () => {
  const all = buildProgram('1.0.0');

  test('lists every command under the name it is built with, in the order of --help', () => {
    expect(COMMANDS.map(([name]) => name)).toEqual(all.commands.map((c) => c.name()));
    for (const [name, build] of COMMANDS) expect(build([]).name()).toBe(name);
  });

  test.each(COMMANDS.map(([name]) => name))('%s alone has the same help, sub-commands included', (name) => {
    const alone = buildProgram('1.0.0', [name, '--help']);
    expect(alone.commands.map((c) => c.name())).toEqual([name]);
    const helpOf = (program: typeof all) => {
      const texts: string[] = [];
      const visit = (c: (typeof all.commands)[number]) => {
        texts.push(c.helpInformation());
        c.commands.forEach(visit);
      };
      visit(program.commands.find((c) => c.name() === name)!);
      return texts;
    };
    expect(helpOf(alone)).toEqual(helpOf(all));
  });

  test("a noun's command alone (call show) is built alone, with the same help as among all", () => {
    const alone = buildProgram('1.0.0', ['call', 'show', '3f2a']);
    const group = alone.commands.find((c) => c.name() === 'call')!;
    expect(group.commands.map((c) => c.name())).toEqual(['show']);
    const full = all.commands.find((c) => c.name() === 'call')!.commands.find((c) => c.name() === 'show')!;
    expect(group.commands[0]!.helpInformation()).toBe(full.helpInformation());
  });

  test("the short forms (status, calls, open, …) are the nouns' commands with their options, hidden from the list", () => {
    const listed = all.createHelp().visibleCommands(all);
    for (const [name, noun, sub] of SHORT_FORMS) {
      expect(listed.map((c) => c.name())).not.toContain(name);
      const short = all.commands.find((c) => c.name() === name)!;
      const long = all.commands.find((c) => c.name() === noun)!.commands.find((c) => c.name() === sub)!;
      expect(short.options.map((o) => o.flags)).toEqual(long.options.map((o) => o.flags));
    }
    expect(listed.map((c) => c.name())).toEqual(expect.arrayContaining(['call', 'link', 'settings']));
  });

  test('a parse error is the same as with every command built', async () => {
    expect(await parseError(['fire', 'Echo', '--wiat'])).toEqual({
      code: 'commander.unknownOption',
      message: "error: unknown option '--wiat'\n(Did you mean --wait?)",
      commandPath: 'fire',
    });
    expect(await parseError(['fire'])).toMatchObject({
      code: 'commander.missingArgument',
      commandPath: 'fire',
    });
    expect(await parseError(['robot', 'lsit'])).toMatchObject({ code: 'commander.unknownCommand' });
  });

  test('anything but a command name first builds them all, so a typo still gets its suggestion', async () => {
    expect(buildProgram('1.0.0', ['--help']).commands).toHaveLength(COMMANDS.length);
    expect(buildProgram('1.0.0', ['--proxy', 'direct', 'fire']).commands).toHaveLength(COMMANDS.length);
    expect(await parseError(['fier', 'Echo'])).toMatchObject({
      code: 'commander.unknownCommand',
      message: expect.stringContaining('(Did you mean fire?)'),
    });
  });
});

describe('help', () => {
  test("every command a person runs ends its --help with examples (short forms show their noun's)", () => {
    const without: string[] = [];
    const visit = (command: Command, path: string) => {
      const name = path === '' ? command.name() : `${path} ${command.name()}`;
      if (command.commands.length === 0 || name === 'warnings') {
        let text = '';
        command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
        command.outputHelp();
        if (!/\nExamples:\n {2}\S/.test(text)) without.push(name);
      }
      for (const sub of command.commands) visit(sub, name);
    };
    for (const command of buildProgram('1.0.0').commands) visit(command, '');
    expect(without).toEqual([]);
  });
});
