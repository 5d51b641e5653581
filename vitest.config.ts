import { defineConfig } from 'vitest/config';

/**
 * Robot Tray's tests, as projects named for what they need (run one with
 * `npx vitest run --project NAME`; `npm test` runs them all):
 *
 *   unit         hermetic: no keychain, no build output, no child process (bar mkfifo);
 *                what macOS and Windows CI run (`npm run test:unit`), so 5 s is plenty
 *   integration  the core over a real keychain, the sandbox on loopback, processes
 *   e2e          the CLI as a process, the window in Chromium (after `npm run build`)
 *   docs         the README, docs, benchmark results and threat model against the code
 *   bench        every benchmark once in its short mode
 *
 * Each file of the projects that may touch a keychain gets its own D-Bus
 * session and throwaway gnome-keyring (ownKeyring.ts).
 */
const ownKeyring = ['./test/support/ownKeyring.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A window or a process under load answers in seconds, not expect.poll's default one second.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 5_000 } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/integration/**/*.test.ts'], setupFiles: ownKeyring },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], setupFiles: ownKeyring } },
      { extends: true, test: { name: 'docs', include: ['test/docs/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'bench', include: ['test/bench/**/*.test.ts'], setupFiles: ownKeyring },
      },
    ],
  },
});
