// Loaded with `node --import` in front of the robot-tray bin: appends the URL
// of every module the process resolves to the file named by
// ROBOT_TRAY_IMPORT_LOG, so a test can check what start-up loads, and at exit
// every built-in module Node loaded, internal ones too, as `builtin:NAME`.
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
  process.on('exit', () => {
    const loaded = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
    const builtins = loaded.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin:${m.slice(13)}`);
    appendFileSync(log, builtins.join('\n') + '\n');
  });
}
