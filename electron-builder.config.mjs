// How Robot Tray is packaged into installers (electron-builder): AppImage and
// .deb for Linux, a universal .dmg (and the .zip macOS updates install from)
// for macOS, NSIS for Windows. The release workflow
// (.github/workflows/release.yml) builds and smoke-tests them on each
// platform; test/e2e/packaging.test.ts and test/unit/releaseFiles.test.ts
// check here what they would hold and what the release would carry.
//
// Signing and notarization come from the environment the release workflow
// sets (CSC_LINK and CSC_KEY_PASSWORD, WIN_CSC_LINK, APPLE_ID,
// APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID); without them the installers
// are built unsigned, and the workflow says so in one line.

const signingMac = Boolean(process.env.CSC_LINK);

// The repository whose releases the installed app reads its updates from
// (written into resources/app-update.yml): the one the release workflow runs
// in and publishes to, GitHub's own GITHUB_REPOSITORY. Elsewhere
// electron-builder looks for a GitHub remote, and without one the build has
// no update feed (and the app says so instead of checking).
const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
const releaseRepository = owner && repo ? { owner, repo } : {};
// The .deb must name a homepage; the repository is Robot Tray's.
const homepage = owner && repo ? { extraMetadata: { homepage: `https://github.com/${owner}/${repo}` } } : {};

/** @type {import('electron-builder').Configuration} */
export default {
  appId: 'com.robottray.app', // the same id main gives Windows for notifications
  productName: 'Robot Tray',
  copyright: 'Copyright © Robot Tray maintainers',
  ...homepage,
  directories: { output: 'dist', buildResources: 'packaging' },
  // The built app and its images; production dependencies are added by
  // electron-builder (never devDependencies). Sources, tests and docs stay out.
  files: [
    'out/**',
    'resources/**',
    'package.json',
    '!**/*.map',
    // What packages ship for their own authors, not for running: sources,
    // type declarations, tests, docs and native build inputs.
    '!**/node_modules/**/*.{ts,cts,mts,tsx,c,cc,h,gyp,gypi}',
    '!**/node_modules/**/{test,tests,__tests__,docs,example,examples}/**',
    '!**/node_modules/**/{README,CHANGELOG,HISTORY,readme,changelog,history}{,.md,.markdown,.txt}',
  ],
  // Native modules cannot be loaded from inside an asar archive.
  asarUnpack: ['**/*.node'],
  // keytar is N-API: the build npm ci made on each platform serves Electron as is.
  npmRebuild: false,
  // The `robot-tray` command, run on the app's own Electron (packaging/cli):
  // its launchers, the one the app writes for an AppImage, and the script
  // that puts it on a Windows PATH (from the installer or the app's menu).
  extraResources: [
    {
      from: 'packaging/cli',
      to: 'cli',
      filter: ['robot-tray', 'robot-tray.cmd', 'robot-tray-appimage', 'cli-path.ps1'],
    },
  ],
  artifactName: 'Robot-Tray-${version}-${os}-${arch}.${ext}',
  // robot-tray://fire?… links open the app (src/shared/links/fireLink.ts): the
  // .dmg's Info.plist and the .deb's desktop entry (MimeType
  // x-scheme-handler/robot-tray, Exec … %U) declare it; on Windows and for an
  // AppImage the running app claims it (src/main/links/protocolClient.ts).
  protocols: [{ name: 'Robot Tray link', schemes: ['robot-tray'] }],
  // The designed icon (resources/icon.svg, drawn to PNGs by scripts/make-icons.ts): electron-builder
  // makes the .icns and .ico from the 1024 px PNG, Linux takes the folder of sizes.
  icon: 'resources/icons/1024x1024.png',
  linux: {
    target: ['AppImage', 'deb'],
    // The CLI is `robot-tray`; the app's own launcher is `robot-tray-app`.
    executableName: 'robot-tray-app',
    category: 'Development',
    icon: 'resources/icons',
    synopsis: 'Start automation robots by webhook and watch their results',
    desktop: { entry: { StartupWMClass: 'Robot Tray', Keywords: 'robot;webhook;automation;' } },
  },
  deb: {
    afterInstall: 'packaging/linux/after-install.sh',
    afterRemove: 'packaging/linux/after-remove.sh',
    // keytar talks to the Secret Service through libsecret.
    depends: [
      'libsecret-1-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
    ],
  },
  mac: {
    // The .dmg is what people download; the .zip is what electron-updater
    // installs an update from on macOS (it cannot use a .dmg).
    target: [
      { target: 'dmg', arch: ['universal'] },
      { target: 'zip', arch: ['universal'] },
    ],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    // Unsigned (identity null) unless a certificate is in the environment.
    ...(signingMac ? {} : { identity: null }),
    notarize: signingMac && Boolean(process.env.APPLE_TEAM_ID),
  },
  dmg: { title: 'Robot Tray ${version}' },
  win: { target: [{ target: 'nsis', arch: ['x64'] }] },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // A page offering to add the `robot-tray` command to the user's PATH,
    // and its removal on uninstall (packaging/installer.nsh).
    include: 'packaging/installer.nsh',
  },
  // The update feed: GitHub releases of this repository. The release
  // workflow builds with --publish never and uploads the installers with the
  // latest*.yml files and blockmaps electron-builder wrote beside them to a
  // draft release, which a maintainer publishes (docs/releasing.md).
  publish: { provider: 'github', ...releaseRepository, releaseType: 'draft' },
};
