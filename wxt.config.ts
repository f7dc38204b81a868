import { defineConfig } from 'wxt';

// Rendered from backend/src/web/static/icon.svg by scripts/render-icons.ts and committed (extension/public).
const ICONS = Object.fromEntries([16, 32, 48, 96, 128].map((size) => [size, `icon/${size}.png`]));

// The browser extension's build: MV3 for Chrome and Firefox (`wxt build`, `wxt build -b firefox --mv3`).
// Auto-imports are off: every module says what it uses.
export default defineConfig({
  srcDir: 'extension/src',
  outDir: '.output',
  publicDir: 'extension/public',
  imports: false,
  manifest: ({ browser, mode }) => ({
    // Name, description and shortcut labels in Spanish (the default) and English: extension/public/_locales.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'es',
    // sidePanel.open() from the popup needs Chrome 116.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '116' }),
    icons: ICONS,
    action: { default_icon: ICONS, default_title: 'Folio' },
    permissions: [
      'storage',
      'unlimitedStorage',
      'alarms',
      'contextMenus',
      'activeTab',
      'scripting',
      'tabs',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // The server of `npm start` on this machine; any other server is asked for when it is saved in Options.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+F' },
        description: '__MSG_cmdOpen__',
      },
      'capture-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_cmdCapture__',
      },
      'insert-citation': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: '__MSG_cmdInsert__',
      },
    },
    // Only in the end-to-end tests' Firefox build (`mode: 'e2e'`): WebDriver BiDi cannot open an add-on's own
    // pages, so the test reaches them from a local page, which Firefox allows for web-accessible pages only.
    // The stores' builds never have it.
    ...(mode === 'e2e' && {
      web_accessible_resources: [
        { resources: ['options.html', 'popup.html', 'sidepanel.html'], matches: ['http://127.0.0.1/*'] },
      ],
    }),
    browser_specific_settings: {
      gecko: {
        id: 'folio@folio.extension',
        // data_collection_permissions is read from Firefox 140 on (and 142 on Android).
        strict_min_version: '140.0',
        // Folio sends what the user saves only to the user's own server: nothing is collected.
        data_collection_permissions: { required: ['none'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  }),
  // `npm run package`: the stores' zips in .output/, and for addons.mozilla.org the sources it rebuilds from,
  // kept to what the extension's build reads (extension/BUILD.md says how).
  zip: {
    name: 'folio',
    artifactTemplate: 'folio-extension-{{version}}-{{browser}}.zip',
    sourcesTemplate: 'folio-extension-{{version}}-sources.zip',
    includeSources: [
      'extension/**',
      'shared/**',
      'backend/package.json',
      'wxt.config.ts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
    ],
    excludeSources: ['**/*.test.ts', '**/testing/**', 'extension/src/capture/fixtures/**'],
  },
});
