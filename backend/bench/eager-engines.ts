/**
 * Preloaded (`--import`) into a `folio serve` by the memory rows of `bench:ingest` as their reference: the
 * engines' modules imported at start, as the server did before they were loaded on first use (pdf.js,
 * tesseract.js, every converter, the URL readers).
 */
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('tesseract.js');
await import('../src/ai/tesseract-ocr');
const { loadConverter } = await import('../src/ingest/registry');
for (const kind of ['pdf', 'texto', 'markdown', 'html', 'epub', 'docx', 'odt', 'rtf', 'pptx', 'odp'] as const) {
  await loadConverter(kind);
}
for (const kind of ['xlsx', 'ods', 'csv', 'subtitulos', 'audio', 'imagen'] as const) await loadConverter(kind);
await import('../src/ingest/url/read-url');
export {};
