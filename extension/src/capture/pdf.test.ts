// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CaptureError } from './capture-error';
import { fetchPdf, pdfFileName, pdfUrlOf } from './pdf';
import type { FetchLike } from './web';

const PDF = 'https://revista.example.org/articulos/nitratos-yucatan.pdf';

describe('pdfUrlOf', () => {
  it('recognises a PDF address, and drops its fragment', () => {
    expect(pdfUrlOf(PDF)).toBe(PDF);
    expect(pdfUrlOf('https://example.org/Informe%20Final.PDF?descarga=1#page=3')).toBe(
      'https://example.org/Informe%20Final.PDF?descarga=1',
    );
    expect(pdfUrlOf('file:///home/ana/Descargas/tesis.pdf')).toBe('file:///home/ana/Descargas/tesis.pdf');
    expect(pdfUrlOf('https://arxiv.org/pdf/2101.00001v2')).toBe('https://arxiv.org/pdf/2101.00001v2');
    expect(pdfUrlOf('https://onlinelibrary.wiley.com/doi/pdf/10.1002/hyp.1234')).toBe(
      'https://onlinelibrary.wiley.com/doi/pdf/10.1002/hyp.1234',
    );
  });

  it("reads the PDF's address out of Chrome's viewer, in both forms", () => {
    const viewer = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai';
    expect(pdfUrlOf(`${viewer}/index.html?src=${encodeURIComponent(`${PDF}?token=a&b=c`)}`)).toBe(`${PDF}?token=a&b=c`);
    expect(pdfUrlOf(`${viewer}/${PDF}`)).toBe(PDF);
    expect(pdfUrlOf(`${viewer}/index.html`)).toBeUndefined();
  });

  it("reads it out of pdf.js's viewer: Firefox's, the add-on's and a hosted one, relative files included", () => {
    expect(pdfUrlOf(`resource://pdf.js/web/viewer.html?file=${encodeURIComponent(PDF)}#page=2`)).toBe(PDF);
    expect(pdfUrlOf(`moz-extension://3f2c1e0a-aa11/web/viewer.html?file=${encodeURIComponent(PDF)}`)).toBe(PDF);
    expect(pdfUrlOf('https://mozilla.github.io/pdf.js/web/viewer.html?file=compressed.tracemonkey-pldi-09.pdf')).toBe(
      'https://mozilla.github.io/pdf.js/web/compressed.tracemonkey-pldi-09.pdf',
    );
    expect(pdfUrlOf('https://mozilla.github.io/pdf.js/web/viewer.html')).toBeUndefined();
  });

  it('says no to pages, reader view and addresses that merely mention PDF', () => {
    expect(pdfUrlOf(`about:reader?url=${encodeURIComponent(PDF)}`)).toBeUndefined();
    expect(pdfUrlOf('https://example.org/articulo?formato=pdf')).toBeUndefined();
    expect(pdfUrlOf('https://example.org/pdf-tools/')).toBeUndefined();
    expect(pdfUrlOf('https://arxiv.org/abs/2101.00001')).toBeUndefined();
    expect(pdfUrlOf(`javascript:open('${PDF}')`)).toBeUndefined();
    expect(pdfUrlOf('no es una dirección')).toBeUndefined();
  });
});

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

function answering(body: BodyInit | null, init: ResponseInit = {}) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const impl: FetchLike = async (url, requestInit) => {
    calls.push({ url, init: requestInit });
    return new Response(body, init);
  };
  return { impl, calls };
}

describe('fetchPdf', () => {
  it("fetches with the user's cookies and hands back the bytes with the server's file name", async () => {
    const { impl, calls } = answering(PDF_BYTES, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="nitratos.pdf"; filename*=UTF-8''Nitratos%20en%20Yucat%C3%A1n.pdf`,
      },
    });
    const pdf = await fetchPdf(PDF, impl);
    expect(calls[0]!.url).toBe(PDF);
    expect(calls[0]!.init?.credentials).toBe('include');
    expect(pdf).toMatchObject({
      kind: 'pdf',
      url: PDF,
      nombre: 'Nitratos en Yucatán.pdf',
      contentType: 'application/pdf',
    });
    expect(Array.from(pdf.bytes)).toEqual(Array.from(PDF_BYTES));
  });

  it('believes the bytes over the declared type, and accepts junk before the header', async () => {
    const junk = new Uint8Array([...new TextEncoder().encode('\r\n\r\n'), ...PDF_BYTES]);
    const pdf = await fetchPdf(
      'https://arxiv.org/pdf/2101.00001v2',
      answering(junk, { headers: { 'content-type': 'application/octet-stream' } }).impl,
    );
    expect(pdf.nombre).toBe('2101.00001v2.pdf');
    expect(pdf.bytes.byteLength).toBe(junk.byteLength);
  });

  it('refuses a web page served instead of the PDF (a login, a paywall)', async () => {
    const login = answering('<!doctype html><title>Iniciar sesión</title>', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    const error = await fetchPdf(PDF, login.impl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as Error).message).toMatch(/no devolvió un PDF sino una página web/);
  });

  it('refuses other bytes, naming their type', async () => {
    await expect(
      fetchPdf(PDF, answering('{"error": 1}', { headers: { 'content-type': 'application/json' } }).impl),
    ).rejects.toThrow('La dirección no devolvió un PDF (devolvió application/json).');
  });

  it('explains HTTP failures and network errors in Spanish', async () => {
    await expect(fetchPdf(PDF, answering('', { status: 403 }).impl)).rejects.toThrow(/HTTP 403\): inicia sesión/);
    await expect(fetchPdf(PDF, answering('', { status: 404 }).impl)).rejects.toThrow(
      'No se pudo descargar el PDF: el sitio respondió HTTP 404.',
    );
    const offline: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchPdf(PDF, offline)).rejects.toThrow(/no hay conexión con el sitio/);
  });
});

describe('pdfFileName', () => {
  it("takes the server's name, else the address's last segment, else a default; always one safe '.pdf'", () => {
    expect(pdfFileName('inline; filename=informe.pdf', PDF)).toBe('informe.pdf');
    expect(pdfFileName('attachment; filename="a/b:c.pdf"', PDF)).toBe('a-b-c.pdf');
    expect(pdfFileName(null, 'https://example.org/descargas/Informe%20anual%202023')).toBe('Informe anual 2023.pdf');
    expect(pdfFileName(null, 'https://example.org/')).toBe('documento.pdf');
  });
});
