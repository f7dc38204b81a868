/* global document, console, window */
import { goToInPlace } from './ir-a.js';

/**
 * Folio reader (PDF): pdf.js's own viewer components (PDFViewer, EventBus, PDFLinkService) from the
 * prebuilt files npm ships, opened at the linked physical page. When the link names a passage, its text is
 * found in that page's text layer — compared letters and digits only, accents and case folded, so line
 * breaks, hyphenation and spacing do not matter — and wrapped in highlight spans as pdf.js's find does.
 * `#lector` tells how it went: `data-estado` (cargando, listo, error), `data-pagina-visible`,
 * `data-resaltado` (si, no).
 */
const main = document.getElementById('lector');
const status = document.getElementById('estado-pdf');
const pageLabel = document.getElementById('pagina-actual');
const base = main.dataset.pdfjs;
const target = Number(main.dataset.pagina) || 1;
const passage = document.getElementById('texto-pasaje')?.textContent ?? '';
/** The printed folio of each physical page (index 0 is page 1), null where the page prints none. */
const folios = (() => {
  try {
    return JSON.parse(main.dataset.folios ?? '[]');
  } catch {
    return [];
  }
})();

/** 'p. 1 · página 5 de 7', or 'Página 5 de 7' for a page without a printed folio. */
function labelOf(n) {
  const folio = folios[n - 1];
  const template = folio ? pageLabel.dataset.plantillaFolio : pageLabel.dataset.plantilla;
  return template.replace('{folio}', folio ?? '').replace('{n}', String(n));
}

/**
 * Letters and digits of `text`, accents stripped and lower-cased, each mapped to its source offset. The
 * compatibility forms are read as what they show ('¹' and '²' as digits, 'ﬁ' as 'fi'), and a dotless ı as
 * i: a LaTeX page's text layer holds 'Astronom´ıa' and '2' then '34' where the passage says 'Astronomía',
 * '2^34' and 'tomografía¹'.
 */
function folded(text) {
  let out = '';
  const offsets = [];
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i));
    const kept = ch
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/ı/gu, 'i')
      .replace(/ȷ/gu, 'j')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
    for (const k of kept) {
      out += k;
      offsets.push([i, ch.length]);
    }
    i += ch.length;
  }
  return { text: out, offsets };
}

/** Where the passage lies in the page's folded text: all of it, else from its first to its last words. */
function locate(page, needle) {
  const whole = page.indexOf(needle);
  if (whole >= 0) return [whole, whole + needle.length];
  const k = Math.min(40, needle.length);
  const start = page.indexOf(needle.slice(0, k));
  const end = page.lastIndexOf(needle.slice(-k));
  if (start >= 0 && end >= start) return [start, end + k];
  if (start >= 0) return [start, Math.min(page.length, start + needle.length)];
  if (end >= 0) return [Math.max(0, end + k - needle.length), end + k];
  return undefined;
}

/** Wraps the passage's text in the text layer in highlight spans; returns the first, or undefined. */
function highlight(layer) {
  if (!layer || !passage.trim()) return undefined;
  const nodes = [];
  const walker = document.createTreeWalker(layer, 4 /* NodeFilter.SHOW_TEXT */);
  while (walker.nextNode()) {
    if (!walker.currentNode.parentElement?.closest('.endOfContent')) nodes.push(walker.currentNode);
  }
  let pageText = '';
  const where = [];
  nodes.forEach((node, n) => {
    const f = folded(node.data);
    pageText += f.text;
    for (const [offset, length] of f.offsets) where.push([n, offset, length]);
  });
  const needle = folded(passage).text;
  const found = needle && locate(pageText, needle);
  if (!found) return undefined;
  const [first, last] = [where[found[0]], where[found[1] - 1]];
  let firstSpan;
  for (let n = first[0]; n <= last[0]; n++) {
    const from = n === first[0] ? first[1] : 0;
    const to = n === last[0] ? last[1] + last[2] : nodes[n].data.length;
    if (to <= from) continue;
    let node = nodes[n];
    if (from > 0) node = node.splitText(from);
    if (to - from < node.data.length) node.splitText(to - from);
    const span = document.createElement('span');
    span.className = 'highlight appended folio-pasaje';
    node.before(span);
    span.append(node);
    firstSpan ??= span;
  }
  return firstSpan;
}

async function open() {
  const pdfjsLib = await import(`${base}/build/pdf.min.mjs`);
  // The viewer module reads the library from this global (see the top of pdf_viewer.mjs).
  globalThis.pdfjsLib = pdfjsLib;
  const viewer = await import(`${base}/web/pdf_viewer.mjs`);
  pdfjsLib.GlobalWorkerOptions.workerSrc = `${base}/build/pdf.worker.min.mjs`;

  const eventBus = new viewer.EventBus();
  const linkService = new viewer.PDFLinkService({ eventBus });
  const pdfViewer = new viewer.PDFViewer({
    container: document.getElementById('visor-contenedor'),
    viewer: document.getElementById('visor'),
    eventBus,
    linkService,
  });
  linkService.setViewer(pdfViewer);
  // A phone turned, a window resized: the page keeps the width of the viewer.
  window.addEventListener('resize', () => {
    if (main.dataset.estado === 'listo') pdfViewer.currentScaleValue = 'page-width';
  });
  goToInPlace(({ pagina }) => {
    if (!pagina || main.dataset.estado !== 'listo') return false;
    pdfViewer.currentPageNumber = pagina;
    main.dataset.irA = String(pagina);
    return true;
  });

  let scrolled = false;
  eventBus.on('pagesinit', () => {
    pdfViewer.currentScaleValue = 'page-width';
    pdfViewer.currentPageNumber = target;
    main.dataset.estado = 'listo';
    status.hidden = true;
  });
  eventBus.on('pagechanging', ({ pageNumber }) => {
    main.dataset.paginaVisible = String(pageNumber);
    if (pageLabel) pageLabel.textContent = labelOf(pageNumber);
    // The page links follow the page in view, so 'Anterior' and 'Siguiente' step from where the reader is.
    const total = Number(main.dataset.paginas) || 1;
    for (const [rel, n] of [
      ['prev', pageNumber - 1],
      ['next', pageNumber + 1],
    ]) {
      const link = document.querySelector(`.paginacion a[rel="${rel}"]`);
      if (!link) continue;
      link.href = `?pagina=${n}`;
      link.hidden = n < 1 || n > total;
    }
  });
  // A text layer is rebuilt whenever its page is drawn again (zoom, scrolling back): mark it every time.
  eventBus.on('textlayerrendered', ({ pageNumber, source }) => {
    if (pageNumber !== target || !passage) return;
    const first = highlight(source.textLayer?.div ?? source.div.querySelector('.textLayer'));
    main.dataset.resaltado = first ? 'si' : 'no';
    if (first && !scrolled) {
      scrolled = true;
      first.scrollIntoView({ block: 'center' });
    }
  });

  const doc = await pdfjsLib.getDocument({
    url: main.dataset.archivo,
    cMapUrl: `${base}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${base}/standard_fonts/`,
    wasmUrl: `${base}/wasm/`,
    iccUrl: `${base}/iccs/`,
    isEvalSupported: false,
  }).promise;
  pdfViewer.setDocument(doc);
  linkService.setDocument(doc, null);
  main.dataset.paginaVisible = String(target);
}

open().catch((err) => {
  main.dataset.estado = 'error';
  status.hidden = false;
  status.textContent = status.dataset.error;
  console.error(err);
});
