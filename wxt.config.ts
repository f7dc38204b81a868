// The browser extension's build (WXT, MV3, Chrome and Firefox). The extension itself arrives with
// its own issue; until then this only fixes where its sources live. WXT's defineConfig is an
// identity helper, so a plain object is the same configuration.
export default {
  srcDir: 'extension/src',
  outDir: '.output',
  manifest: {
    name: 'Folio',
    description: 'Guarda lo que lees en tu biblioteca Folio y cita con la página exacta.',
  },
};
