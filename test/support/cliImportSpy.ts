// Loaded with `node --import` in front of the robot-tray bin: appends the URL
// of every module the process resolves to the file named by
// ROBOT_TRAY_IMPORT_LOG, so a test can check what start-up loads.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env['ROBOT_TRAY_IMPORT_LOG'];
if (log !== undefined) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(log, resolved.url + '\n');
      return resolved;
    },
  });
}
