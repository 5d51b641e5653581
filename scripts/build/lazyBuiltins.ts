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

/**
 * `import { readFileSync } from "node:fs"` makes Node build an ES module view
 * of node:fs, reading every export once, and some exports are getters that
 * load more: node:fs's ReadStream loads the file streams (a quarter of what
 * `robot-tray --help` loaded), node:tls's rootCertificates parses every root
 * certificate. process.getBuiltinModule hands over the module as require()
 * would, reading nothing. So each chunk's top-level imports of built-ins
 * become that: default and named imports; a namespace import stays.
 */
export function builtinsWithoutEsmView(): Plugin {
  const IMPORT = /^import ([^;'"]*?) from "(node:[a-z_/0-9]+)";$/gm;
  return {
    name: 'robot-tray-builtins-without-esm-view',
    renderChunk(code) {
      let changed = false;
      const next = code.replace(IMPORT, (whole, clause: string, id: string) => {
        const parts = /^(?:([\w$]+)(?:, )?)?(?:\{ ([^}]*) \})?$/.exec(clause.trim());
        if (parts === null || (parts[1] === undefined && parts[2] === undefined)) return whole;
        const lines: string[] = [];
        const module = `process.getBuiltinModule(${JSON.stringify(id)})`;
        const names = (parts[2] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        const whole$ = [parts[1], ...names.filter((n) => /^default as /.test(n)).map((n) => n.slice(11))];
        const named = names.filter((n) => !/^default as /.test(n)).map((n) => n.replace(/ as /, ': '));
        for (const local of whole$) if (local !== undefined) lines.push(`const ${local} = ${module};`);
        if (named.length > 0) lines.push(`const { ${named.join(', ')} } = ${module};`);
        changed = true;
        return lines.join('\n');
      });
      return changed ? { code: next, map: null } : null;
    },
  };
}
