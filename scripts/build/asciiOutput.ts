import type { Plugin } from 'vite';

/** Any character outside ASCII, as one UTF-16 code unit (a surrogate half stays a half). */
const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * Writes every character outside ASCII as its \uXXXX escape. Node reads a
 * module's source as UTF-8: a file with even one such character (a '…' in a
 * message, a '×' in a comment) is decoded on V8's slow path and kept as a
 * two-byte string, for the whole file. The CLI's core chunk is about 1 MB, so
 * every `robot-tray fire` paid that decoding; pure ASCII takes the fast path
 * and half the memory. The escape means the same character in a string,
 * a template, a regular expression (a surrogate pair's two escapes are one
 * code point under the u flag too), an identifier or a comment. Only a
 * template's raw text (String.raw, a tag reading .raw) would see the escape
 * itself: a chunk that could do that and needs escaping fails the build.
 */
export function asciiOnly(code: string): string | null {
  if (!/[\u0080-\uffff]/.test(code)) return null;
  if (/String\.raw\s*`|\.raw\s*\[/.test(code)) {
    throw new Error('a chunk reads a template raw text and holds non-ASCII characters: escape them by hand');
  }
  return code.replace(NON_ASCII, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/**
 * The plugin for the main build (the CLI's bundle and the app's main
 * process). It edits the finished chunks: the bundler's last printing of the
 * code, after renderChunk, writes escapes back as the characters.
 */
export function asciiOutput(): Plugin {
  return {
    name: 'robot-tray-ascii-output',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          try {
            const next = asciiOnly(item.code);
            if (next !== null) item.code = next;
          } catch (error) {
            this.error(`${item.fileName}: ${(error as Error).message}`);
          }
        }
      },
    },
  };
}
