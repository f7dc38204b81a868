import fs from 'node:fs';
import path from 'node:path';
import { buildLink, type Ancla } from '@folio/shared';
import type { ServerType } from '@hono/node-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTranscriptionServer, type TranscriptionServer } from '../backend/src/ai/testing/transcription-server';
import { createApp } from '../backend/src/app';
import { listen } from '../backend/src/server';
import {
  auth,
  createTestStore,
  REPO_ROOT,
  startTestServer,
  type TestServer,
  type TestStore,
} from '../backend/src/testing/harness';
import { signedInCookie } from '../backend/src/testing/web-session';
import { SESSION_COOKIE } from '../backend/src/web/session';
import { buildSamplePdf } from './fixtures/sample-pdf';
import { ARTIFACTS, describeInChromium, launchPlain } from './support/browser';
import { freePort } from './support/folio-process';

const OWNER = 'lectora@example.org';
const PAGE_URL = 'https://revista.example.org/articulos/nitratos-yucatan';
const fixture = (p: string) => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures', p));

/** Twelve-word lines of one topic, `n` of them: a paragraph the PDF converter keeps whole. */
const lines = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${topic} linea ${i + 1} del registro de campo con datos del agua subterranea.`);

/**
 * Two roman front pages, then the body from printed page 1. Physical page 4 (printed 2) has three
 * paragraphs: the first two make one passage, the third another (passages pack to about 200 words).
 */
const PDF = buildSamplePdf({
  title: 'Bitacora de los cenotes',
  author: 'Pérez Canul, Lucía',
  year: 2021,
  labels: [
    { index: 0, style: 'r' },
    { index: 2, style: 'D' },
  ],
  pages: [
    ['Bitacora de los cenotes'],
    ['Prologo', 'Estas notas reunen dos temporadas de muestreo.'],
    ['1. Metodos', ...lines('Metodo', 6)],
    ['2. Resultados', ...lines('Lluvias', 10), '', ...lines('Secas', 10), '', ...lines('Conclusion', 9)],
  ],
});

/** As the reader folds a page's text layer: compatibility forms as what they show, a dotless ı as i. */
const foldLayer = (s: string) =>
  fold(
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/ı/gu, 'i')
      .replace(/ȷ/gu, 'j'),
  );

/** Letters and digits only, accents and case folded: how the reader compares a passage with the page. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

// The page's globals as far as these checks touch them: the tests compile with Node's types, not the DOM's.
interface PageElement {
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number };
  closest(selector: string): PageElement | null;
}
interface MediaElement extends PageElement {
  currentTime: number;
  error: { code: number } | null;
  muted: boolean;
  paused: boolean;
  play(): Promise<void>;
}
declare const document: {
  getElementById(id: string): PageElement | null;
  querySelector<T extends PageElement = PageElement>(selector: string): T | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
};
declare const window: { innerHeight: number; scrollY: number };
declare function getComputedStyle(element: PageElement): { backgroundColor: string };

const title = 'reader in Chromium: PDF page and passage, media at t, web capture at its paragraph';

describeInChromium(title, () => {
  let store: TestStore;
  let server: TestServer;
  let http: ServerType;
  let transcriber: TranscriptionServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let key: string;
  /** What went wrong in the page (script errors, failed loads), shown when a wait times out. */
  const problems: string[] = [];

  /** Waits for `selector`, failing with what the page reported instead of a bare timeout. */
  async function waitFor(selector: string, timeout = 30_000) {
    try {
      await page.waitForSelector(selector, { timeout, state: 'attached' });
    } catch (err) {
      const state = await page
        .evaluate(() => {
          const main = document.getElementById('lector');
          const layer = document.querySelector('.textLayer');
          return JSON.stringify({ lector: main?.dataset, textLayer: layer?.textContent?.slice(0, 300) ?? null });
        })
        .catch(() => 'page gone');
      throw new Error(`${selector} never appeared: ${problems.join(' | ') || (err as Error).message} — ${state}`, {
        cause: err,
      });
    }
  }

  async function upload(name: string, body: Buffer, query: Record<string, string> = {}) {
    const q = new URLSearchParams({ nombre: name, esperar: '120', ...query });
    const res = await server.request(`/api/v1/documentos?${q}`, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: auth(key, { 'Content-Type': 'application/octet-stream' }),
    });
    const doc = await res.json();
    expect(doc.estado, `${name}: ${doc.error}`).toBe('listo');
    return doc.id as string;
  }

  async function passages(id: string) {
    return server.runtime.deps.db.query<{ posicion: number; unidad: number; texto: string; ancla: Ancla }>(
      'SELECT posicion, unidad, texto, ancla FROM passages WHERE document_id = $1 ORDER BY posicion',
      [id],
    );
  }

  beforeAll(async () => {
    store = await createTestStore();
    transcriber = await startTranscriptionServer();
    transcriber.handle(() => ({
      json: {
        language: 'es',
        segments: [
          { start: 0, end: 2.3, text: 'Hola, bienvenidos a Folio.' },
          { start: 5.2, end: 8.7, text: 'Gracias, Ana. Cada cita conserva su ancla.' },
        ],
      },
    }));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startTestServer(store, {
      publicUrl: base,
      transcribe: { baseUrl: transcriber.baseUrl, model: 'whisper-1' },
    });
    http = await listen(createApp(server.runtime.deps), '127.0.0.1', port, base);
    key = await server.key(OWNER);
    const cookie = await signedInCookie(server, OWNER);
    browser = await launchPlain();
    context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 720 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: cookie.split('=')[1]!, url: base }]);
    page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    fs.mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
    await server?.close();
    await transcriber?.close();
    await store?.drop();
  });

  it(
    'opens a PDF at the physical page with the passage highlighted in the text layer',
    { timeout: 90_000 },
    async () => {
      const id = await upload('bitacora.pdf', PDF);
      const onPage = (await passages(id)).filter((p) => p.unidad === 4);
      expect(onPage).toHaveLength(2);
      const [, target] = onPage;
      expect(target!.ancla).toMatchObject({ tipo: 'pagina', fisica: 4, impresa: '2' });
      expect(target!.texto).toMatch(/^Conclusion linea 1/);
      const link = buildLink(base, id, target!.ancla, undefined, target!.posicion);
      expect(link).toBe(`${base}/leer/${id}?pagina=4&pasaje=${target!.posicion}`);

      await page.goto(link);
      await waitFor('#lector[data-resaltado]', 45_000);
      const state = await page.evaluate(() => {
        const main = document.getElementById('lector')!;
        const marks = [...document.querySelectorAll('.textLayer .folio-pasaje')];
        const container = document.getElementById('visor-contenedor')!.getBoundingClientRect();
        const first = marks[0]?.getBoundingClientRect();
        return {
          estado: main.dataset.estado,
          resaltado: main.dataset.resaltado,
          visible: main.dataset.paginaVisible,
          pages: [...new Set(marks.map((m) => m.closest('.page')?.getAttribute('data-page-number')))],
          text: marks.map((m) => m.textContent).join(' '),
          firstInView: first ? first.top >= container.top && first.bottom <= container.bottom : false,
        };
      });
      expect(state).toMatchObject({ estado: 'listo', resaltado: 'si', visible: '4', pages: ['4'], firstInView: true });
      // Exactly the passage: the paragraphs of the other passage on the same page are not marked.
      expect(fold(state.text)).toBe(fold(target!.texto));
      expect(state.text).not.toContain('Secas');
      expect(await page.textContent('#pagina-actual')).toBe('p. 2 · página 4 de 4');
      await page.screenshot({ path: path.join(ARTIFACTS, 'reader-pdf.png') });
    },
  );

  it(
    'highlights a passage of a LaTeX PDF whose text layer holds accents apart, exponents and note calls',
    { timeout: 90_000 },
    async () => {
      const pdf = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/latex/boletin-ot1.pdf'));
      const id = await upload('boletin-ot1.pdf', pdf);
      const target = (await passages(id)).find((p) => p.texto.includes('Astronomía'));
      expect(target?.texto).toContain('tomografía¹');
      expect(target?.texto).toContain('2^34 tablets');
      await page.goto(buildLink(base, id, target!.ancla, undefined, target!.posicion));
      await waitFor('#lector[data-resaltado]', 45_000);
      const state = await page.evaluate(() => ({
        resaltado: document.getElementById('lector')!.dataset.resaltado,
        text: [...document.querySelectorAll('.textLayer .folio-pasaje')].map((m) => m.textContent).join(' '),
      }));
      expect(state.resaltado).toBe('si');
      // The text layer's 'Astronom´ıa' and '2' '34' are the passage's 'Astronomía' and '2^34'.
      expect(state.text).toMatch(/Astronom´\s*ıa/u);
      expect(foldLayer(state.text)).toBe(foldLayer(target!.texto));
      await page.screenshot({ path: path.join(ARTIFACTS, 'reader-pdf-latex.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await waitFor('#lector[data-resaltado="si"]', 45_000);
      await page.screenshot({ path: path.join(ARTIFACTS, 'reader-pdf-latex-390.png') });
      await page.setViewportSize({ width: 1280, height: 720 });
    },
  );

  it('seeks a video to t, marks the cue playing and follows playback cue by cue', async () => {
    const id = await upload('charla.mkv', fixture('media/video-subtitulos.mkv'));
    const luis = (await passages(id)).find((p) => p.texto.includes('Cada cita conserva su ancla'))!;
    expect(luis.ancla).toMatchObject({ tipo: 'tiempo', hablante: 'Luis Gil' });
    const t0 = (luis.ancla as { t0: number }).t0;
    expect(t0).toBeGreaterThan(4);

    await page.goto(buildLink(base, id, luis.ancla));
    await waitFor('#lector[data-buscado="si"]');
    const at = await page.evaluate(() => {
      const video = document.querySelector<MediaElement>('video#medio')!;
      const current = document.querySelector('#segmentos .segmento.actual');
      return { time: video.currentTime, error: video.error?.code, current: current?.textContent ?? '' };
    });
    expect(at.error).toBeUndefined();
    expect(at.time).toBeCloseTo(t0, 1);
    expect(at.current).toContain('Luis Gil');
    expect(at.current).toContain('Cada cita conserva su ancla');
    await page.screenshot({ path: path.join(ARTIFACTS, 'reader-video.png') });

    // Playback moving back moves the mark with it, cue by cue: Ana's two cues are one passage, yet only
    // the cue playing is marked.
    const ana = (await passages(id)).find((p) => p.texto.includes('bienvenidos a Folio'))!;
    expect(ana.texto).toContain('Hoy hablamos de bibliotecas personales.');
    const cueAt = async (time: number) => {
      await page.evaluate((s) => {
        document.querySelector<MediaElement>('video#medio')!.currentTime = s;
      }, time);
      await page.waitForFunction((s) => {
        const li = document.querySelector('#segmentos .segmento.actual');
        return li !== null && Number(li.dataset.t0) <= s && s < Number(li.dataset.t1);
      }, time);
      expect(await page.locator('#segmentos .segmento.actual').count()).toBe(1);
      return (await page.textContent('#segmentos .segmento.actual')) ?? '';
    };
    const second = await cueAt(3.5);
    expect(second).toContain('Hoy hablamos de bibliotecas personales.');
    expect(second).not.toContain('bienvenidos');
    const first = await cueAt(0.5);
    expect(first).toContain('bienvenidos a Folio');
    expect(first).not.toContain('Hoy hablamos');

    // A segment's time seeks the player in place, without leaving the page.
    await page.click('#segmentos .segmento:last-child a.tiempo');
    await page.waitForFunction(
      (t) => Math.abs(document.querySelector<MediaElement>('video#medio')!.currentTime - t) < 1,
      t0,
    );
    expect(await page.textContent('#segmentos .segmento.actual')).toContain('Luis Gil');
  });

  it("plays a search result's cue from its first second and stops at its last", async () => {
    const id = await upload('charla-rango.mkv', fixture('media/video-subtitulos.mkv'));
    const res = await server.request(
      `/api/v1/buscar?q=${encodeURIComponent('bibliotecas personales')}&documento=${id}`,
      {
        headers: auth(key),
      },
    );
    const [hit] = (await res.json()).pasajes as { texto: string; enlace: string; ancla: { t0: number; t1: number } }[];
    // Ana's passage packs two cues; the result is the one that says the words, and its link names its range.
    expect(hit!.texto).toBe('Hoy hablamos de bibliotecas personales.');
    expect(new URL(hit!.enlace).searchParams.get('hasta')).toBe(String(hit!.ancla.t1));

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 720 : 844 });
      await page.goto(hit!.enlace.replace('http://folio.test', base));
      await waitFor('#lector[data-buscado="si"]');
      const marked = await page.$$eval('#segmentos .segmento.actual', (lis) => lis.map((li) => li.textContent ?? ''));
      expect(marked).toHaveLength(1);
      expect(marked[0]).toContain('Hoy hablamos de bibliotecas personales.');
      await page.screenshot({ path: path.join(ARTIFACTS, `reader-video-range-${width}.png`) });
    }
    // Played, it stops at the end of the cue, not at the end of the passage or the file.
    await page.evaluate(() => {
      const video = document.querySelector<MediaElement>('video#medio')!;
      video.muted = true;
      void video.play();
    });
    await page.waitForFunction(() => document.querySelector<MediaElement>('video#medio')!.paused === true, undefined, {
      timeout: 15_000,
      polling: 100,
    });
    const stoppedAt = await page.evaluate(() => document.querySelector<MediaElement>('video#medio')!.currentTime);
    expect(stoppedAt).toBeGreaterThan(hit!.ancla.t1 - 0.3);
    expect(stoppedAt).toBeLessThan(hit!.ancla.t1 + 0.4);
  });

  it('seeks audio to t with the transcript beside it, the cue at t marked', async () => {
    const id = await upload('voz.ogg', fixture('media/voz.ogg'));
    // Recognised speech without speakers: both segments are one passage, and two cues in the reader.
    expect(await passages(id)).toHaveLength(1);
    await page.goto(`${base}/leer/${id}?t=5.2`);
    await waitFor('#lector[data-buscado="si"]');
    const time = await page.evaluate(() => document.querySelector<MediaElement>('audio#medio')!.currentTime);
    expect(time).toBeCloseTo(5.2, 1);
    expect(await page.locator('#segmentos .segmento').count()).toBe(2);
    const current = (await page.textContent('#segmentos .segmento.actual'))!;
    expect(current).toContain('Cada cita conserva su ancla');
    expect(current).not.toContain('bienvenidos a Folio');
    await page.screenshot({ path: path.join(ARTIFACTS, 'reader-audio.png') });
  });

  it('scrolls a web capture to the paragraph and highlights it', async () => {
    const id = await upload('nitratos.html', fixture('capture/articulo-revista.capturado.html'), { url: PAGE_URL });
    const res = await server.request(
      `/api/v1/buscar?q=${encodeURIComponent('muestras a un metro de profundidad')}&documento=${id}`,
      {
        headers: auth(key),
      },
    );
    const [hit] = (await res.json()).pasajes as { enlace: string; texto: string; ancla: { parrafo: number } }[];
    expect(hit!.enlace).toMatch(new RegExp(`^${base}/leer/${id}\\?parrafo=\\d+&u=\\d+$`));

    await page.setViewportSize({ width: 900, height: 420 });
    await page.goto(hit!.enlace);
    await waitFor('#lector[data-desplazado="si"]');
    const seen = await page.evaluate(() => {
      const p = document.querySelector('p.destacado')!;
      const box = p.getBoundingClientRect();
      return {
        parrafo: p.getAttribute('data-parrafo'),
        text: p.textContent ?? '',
        inView: box.top >= 0 && box.top < window.innerHeight,
        scrolled: window.scrollY,
        offset: box.top + window.scrollY,
        background: getComputedStyle(p).backgroundColor,
      };
    });
    expect(seen.parrafo).toBe(String(hit!.ancla.parrafo));
    expect(seen.text).toContain(hit!.texto.split('\n\n')[0]!.slice(0, 40));
    expect(seen.inView).toBe(true);
    // The paragraph lies below the first screen, so reaching it took scrolling.
    expect(seen.offset).toBeGreaterThan(420);
    expect(seen.scrolled).toBeGreaterThan(0);
    expect(seen.background).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'reader-web.png') });
  });
});
