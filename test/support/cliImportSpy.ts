// Loaded with `node --import` in front of the robot-tray bin: appends the URL
// of every module the process resolves to the file named by
// ROBOT_TRAY_IMPORT_LOG, so a test can check what start-up loads, and at exit
// every built-in module Node loaded, internal ones too, as `builtin:NAME`,
// and `intl:NAME` for each way into ICU's locale data the run took (its first
// use costs some 30 ms of CPU: Robot Tray's messages group digits without it).
import { registerHooks } from 'node:module';

// As require() gives it: importing node:fs would itself load its file streams.
const { appendFileSync } = process.getBuiltinModule('node:fs');
const log = process.env['ROBOT_TRAY_IMPORT_LOG'];
if (log !== undefined) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(log, resolved.url + '\n');
      return resolved;
    },
  });
  const intl = (name: string) => appendFileSync(log, `intl:${name}\n`);
  for (const [owner, names] of [
    [Number.prototype, ['toLocaleString']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [String.prototype, ['localeCompare']],
  ] as const) {
    for (const name of names) {
      const original = (owner as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
      Object.defineProperty(owner, name, {
        value(this: unknown, ...args: unknown[]) {
          intl(name);
          return original.apply(this, args);
        },
      });
    }
  }
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'ListFormat'] as const) {
    const original = Intl[name];
    Object.defineProperty(Intl, name, {
      value: new Proxy(original, {
        construct(target, args) {
          intl(name);
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          intl(name);
          return Reflect.apply(target as (...a: unknown[]) => unknown, self, args) as unknown;
        },
      }),
    });
  }
  process.on('exit', () => {
    const loaded = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
    const builtins = loaded.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin:${m.slice(13)}`);
    appendFileSync(log, builtins.join('\n') + '\n');
  });
}
