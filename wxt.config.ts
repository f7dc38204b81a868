import { defineConfig } from 'wxt';

// The browser extension's build: MV3 for Chrome and Firefox (`wxt build`, `wxt build -b firefox --mv3`).
// Auto-imports are off: every module says what it uses.
export default defineConfig({
  srcDir: 'extension/src',
  outDir: '.output',
  imports: false,
  manifest: {
    name: 'Folio',
    description: 'Guarda lo que lees en tu biblioteca Folio y cita con la página exacta.',
  },
});
