import http2 from 'node:http2';
import type { Plugin } from 'vite';

/**
 * Built-in modules that bundled packages load at import although they need
 * them only on paths `robot-tray fire` never takes; each costs start-up time
 * (node:child_process and node:http2 each took as long to load as the rest of
 * commander). Each edit replaces one exact passage of the package's file; a
 * passage that is gone (the package changed) fails the build, so an upgrade
 * is noticed rather than the laziness silently lost.
 */
type Edit = { file: RegExp; find: string; replace: string };

const HTTP2_CONSTANTS = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_NO_ERROR: 0,
  NGHTTP2_REFUSED_STREAM: 7,
} as const;

export const LAZY_EDITS: Edit[] = [
  {
    // commander spawns a child only for executable subcommands, which robot-tray has none of.
    file: /node_modules\/commander\/lib\/command\.js$/,
    find: "const childProcess = require('node:child_process');",
    replace: "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
  {
    // undici talks HTTP/2 only when a server offers it: node:http2 loads with the
    // first such connection. The constants it reads at import are HTTP/2's own
    // names and codes, written out here (checked against node:http2 at build).
    file: /node_modules\/undici\/lib\/dispatcher\/client-h2\.js$/,
    find: `let http2
try {
  http2 = require('node:http2')
} catch {
  // @ts-ignore
  http2 = { constants: {} }
}`,
    replace: `let http2 = {
  connect: (...args) => require('node:http2').connect(...args),
  constants: ${JSON.stringify(HTTP2_CONSTANTS)}
}`,
  },
];

/** The plugin for the main build (the CLI's bundle and the app's main process). */
export function lazyBuiltins(edits: Edit[] = LAZY_EDITS): Plugin {
  return {
    name: 'robot-tray-lazy-builtins',
    buildStart() {
      for (const [name, value] of Object.entries(HTTP2_CONSTANTS)) {
        const actual = (http2.constants as Record<string, unknown>)[name];
        if (actual !== value) this.error(`node:http2 constants.${name} is ${String(actual)}, not ${value}`);
      }
    },
    transform(code, id) {
      const path = id.split('\\').join('/');
      const edit = edits.find((e) => e.file.test(path));
      if (edit === undefined) return null;
      if (!code.includes(edit.find)) {
        this.error(
          `${path} no longer holds the passage scripts/build/lazyBuiltins.ts makes lazy: update the edit`,
        );
      }
      return { code: code.replace(edit.find, edit.replace), map: null };
    },
  };
}
