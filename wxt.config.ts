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
  manifest: ({ browser }) => ({
    name: 'Folio',
    description: 'Guarda lo que lees en tu biblioteca Folio y cita con la página exacta.',
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
        description: 'Abrir Folio',
      },
      'capture-page': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Guardar esta página en Folio',
      },
      'insert-citation': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: 'Insertar una cita de Folio en el campo de texto',
      },
    },
    browser_specific_settings: {
      gecko: {
        id: 'folio@folio.extension',
        // Folio sends what the user saves only to the user's own server: nothing is collected.
        data_collection_permissions: { required: ['none'] },
      },
    },
  }),
});
