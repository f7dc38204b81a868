import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from '../../backend/src/testing/harness';
import { buildEditorPages } from '../fixtures/editors/build';

/**
 * The local web site the extension's end-to-end tests browse, in Chromium and in Firefox alike: an article,
 * a captioned video with its caption files, a PDF, a note for the offline capture, a page with a textarea,
 * and the editor pages of test/fixtures/editors under /editores/. Served from 127.0.0.1, inside the
 * extension's host permissions.
 */
const CAPTURE_FIXTURES = path.join(REPO_ROOT, 'extension/src/capture/fixtures');

interface SitePage {
  type: string;
  body: () => Buffer | string;
}

const file = (type: string, ...parts: string[]): SitePage => ({
  type,
  body: () => fs.readFileSync(path.join(...parts)),
});

/** The draft the textarea page starts with. */
export const EDITOR_DRAFT = 'Los nitratos del acuífero superan la norma ';

function pages(): Record<string, SitePage> {
  return {
    '/articulo.html': file('text/html; charset=utf-8', REPO_ROOT, 'test/fixtures/capture/articulo-revista.html'),
    '/charla.html': file('text/html; charset=utf-8', CAPTURE_FIXTURES, 'video-charla.html'),
    '/subtitulos/charla-es.vtt': file('text/vtt; charset=utf-8', CAPTURE_FIXTURES, 'charla-es.vtt'),
    '/subtitulos/charla-en.srt': file('text/plain; charset=utf-8', CAPTURE_FIXTURES, 'charla-en.srt'),
    '/muestra.pdf': file('application/pdf', REPO_ROOT, 'test/fixtures/muestra.pdf'),
    '/nota.html': {
      type: 'text/html; charset=utf-8',
      body: () => `<!doctype html><html lang="es"><head><title>Nota sobre cenotes sin conexión</title></head><body><main>
      <h1>Nota sobre cenotes sin conexión</h1>
      <p>Los cenotes de Homún guardan agua dulce sobre una capa de agua salada que entra desde la costa.</p>
      <p>Esta nota se guardó con el servidor apagado y debe llegar una sola vez cuando vuelva.</p>
    </main></body></html>`,
    },
    '/editor.html': {
      type: 'text/html; charset=utf-8',
      body: () => `<!doctype html><html lang="es"><head><title>Mi borrador</title></head><body>
      <label for="borrador">Borrador</label>
      <textarea id="borrador" rows="6" cols="80">${EDITOR_DRAFT}</textarea>
    </body></html>`,
    },
  };
}

/** The links in an editor page's HTML (`window.editorHtml()`), entities and non-breaking spaces read. */
export function editorLinks(html: string): { href: string; text: string }[] {
  const plain = html.replace(/&amp;/g, '&').replace(/&nbsp;|\u00a0/g, ' ');
  return [...plain.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => ({
    href: href!,
    text: text!,
  }));
}

export interface CaptureSite {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Serves `body` at `pathname` from now on. */
  add(pathname: string, type: string, body: Buffer): void;
  close(): Promise<void>;
}

/** Builds the editor pages into `workDir/editores` and serves the site on a free port. */
export async function startCaptureSite(workDir: string): Promise<CaptureSite> {
  const editorsDir = await buildEditorPages(path.join(workDir, 'editores'));
  const served = pages();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const editorFile = /^\/editores\/([\w-]+\.(?:html|js))$/.exec(pathname)?.[1];
    if (editorFile && fs.existsSync(path.join(editorsDir, editorFile))) {
      const type = editorFile.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
      return res.writeHead(200, { 'Content-Type': type }).end(fs.readFileSync(path.join(editorsDir, editorFile)));
    }
    if (pathname === '/') {
      return res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Inicio</title>');
    }
    const page = served[pathname];
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': page.type }).end(page.body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    add(pathname, type, body) {
      served[pathname] = { type, body: () => body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
