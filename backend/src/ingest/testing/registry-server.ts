import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A local stand-in for doi.org (with Crossref behind it) and Open Library: what it holds and was asked. */
export interface TestRegistry {
  /** 'http://127.0.0.1:PORT': both the DOI resolver and Open Library answer here. */
  url: string;
  /** Every request: path (with query) and Accept header. */
  readonly requests: { path: string; accept?: string }[];
  /** CSL-JSON items by lower-case DOI, as Crossref's transform endpoint returns them. */
  works: Map<string, Record<string, unknown>>;
  /** Open Library `jscmd=data` books by bare ISBN. */
  books: Map<string, Record<string, unknown>>;
  /** Milliseconds to wait before answering anything (to test time-outs). */
  delayMs: number;
  close(): Promise<void>;
}

const CSL = 'application/vnd.citationstyles.csl+json';

/**
 * Starts a server on 127.0.0.1 speaking the wire formats Folio's look-ups use:
 * - DOI content negotiation as doi.org does it: `GET /{doi}` with `Accept: application/vnd.citationstyles.csl+json`
 *   answers 302 to the agency's transform URL (`/works/{doi}/transform/application/vnd.citationstyles.csl+json`,
 *   as api.crossref.org), which returns the CSL-JSON item; without that Accept, a 302 to a landing page
 *   (HTML); an unknown DOI is doi.org's 404 page;
 * - Open Library's Books API: `GET /api/books?bibkeys=ISBN:…&format=json&jscmd=data` → `{ "ISBN:…": book }`,
 *   `{}` for an unknown ISBN.
 */
export async function startTestRegistry(): Promise<TestRegistry> {
  const sockets = new Set<Socket>();
  const registry = {
    requests: [] as TestRegistry['requests'],
    works: new Map<string, Record<string, unknown>>(),
    books: new Map<string, Record<string, unknown>>(),
    delayMs: 0,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registry');
    registry.requests.push({ path: `${url.pathname}${url.search}`, accept: req.headers.accept });
    setTimeout(() => {
      if (url.pathname === '/api/books') {
        const key = url.searchParams.get('bibkeys') ?? '';
        const book = registry.books.get(key.replace(/^ISBN:/, ''));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(book ? { [key]: book } : {}));
        return;
      }
      const transform = /^\/works\/(.+)\/transform\/application\/vnd\.citationstyles\.csl\+json$/.exec(url.pathname);
      if (transform) {
        const work = registry.works.get(decodeURIComponent(transform[1]!).toLowerCase());
        if (!work) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Resource not found.');
          return;
        }
        res.writeHead(200, { 'content-type': `${CSL}; charset=utf-8` });
        res.end(JSON.stringify(work));
        return;
      }
      const doi = decodeURIComponent(url.pathname.slice(1));
      if (!registry.works.has(doi.toLowerCase())) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><body><h1>DOI Not Found</h1></body></html>');
        return;
      }
      const wantsCsl = (req.headers.accept ?? '').includes(CSL);
      res.writeHead(302, {
        location: wantsCsl
          ? `/works/${encodeURIComponent(doi)}/transform/${CSL}`
          : `/landing/${encodeURIComponent(doi)}`,
      });
      res.end();
    }, registry.delayMs);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(registry, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  });
}
