// Runs electronegativity's scanner on one folder and writes its findings as
// JSON (its command line prints a table and exits 0 either way). Robot Tray's
// tests reach no network: the scanner asks the internet for translations and
// Electron's releases through `got`, so every such request is refused at once.
// Usage: node electronegativityScan.cjs FOLDER ELECTRON_VERSION REPORT.json
const { writeFileSync } = require('node:fs');
const Module = require('node:module');

const original = Module._load;
Module._load = function load(request, ...rest) {
  if (request !== 'got') return original.call(this, request, ...rest);
  const refuse = () => Promise.reject(new Error('Robot Tray tests are offline'));
  return Object.assign(refuse, { default: refuse, get: refuse });
};

const run = require('@doyensec/electronegativity/dist/runner.js');

const [input, electronVersion, report] = process.argv.slice(2);
run(
  {
    input,
    isRelative: true,
    electronVersionOverride: electronVersion,
    // Listing Electron's security releases needs the internet: the release workflow's job.
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    parserPlugins: [],
  },
  false,
).then(
  (result) => {
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      location: `${issue.location.line}:${issue.location.column}`,
      sample: String(issue.sample ?? '').slice(0, 200),
    }));
    const out = { checks: result.globalChecks + result.atomicChecks, errors: result.errors.length, findings };
    // A file, not stdout: the scanner prints its own notes there.
    writeFileSync(report, JSON.stringify(out));
  },
  (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(1);
  },
);
