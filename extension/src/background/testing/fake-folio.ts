import {
  CorregirDocumento,
  type Documento,
  type FetchInit,
  type FetchLike,
  type FetchResponse,
  type Pasaje,
} from '@folio/shared';

/** Options of {@link fakeFolio}. */
export interface FakeFolioOptions {
  /** Polls a document answers `procesando` before it is `listo`. */
  pollsUntilReady?: number;
  /** Passages every search answers. */
  pasajes?: Pasaje[];
  /** The key the server accepts. */
  apiKey?: string;
}

/**
 * A Folio server in memory speaking the real HTTP contract to the real API client: uploads honour
 * `Idempotency-Key` (the same key gives back the same document), documents go `procesando` → `listo`
 * after a few polls, corrections (`PATCH`) are checked with the contract's schema and change the reference, and
 * the network can be cut, or an answer lost after the server acted on it. Large files go in parts over tus 1.0
 * (`/subidas`), which the real client's tus-js-client reaches through `FetchHttpStack` with this `fetch`.
 */
export function fakeFolio(opts: FakeFolioOptions = {}) {
  const state = {
    online: true,
    /** The next upload is stored, but its answer never arrives (a dropped connection, a killed worker). */
    loseNextUploadAnswer: false,
    /** Upload requests received (retries included). */
    uploadRequests: 0,
    /** Keys seen on uploads, in order. */
    keys: [] as string[],
    bodies: [] as { body: unknown; query: Record<string, string> }[],
    documents: new Map<string, { doc: Documento; polls: number }>(),
    /** Answer 500 to this many upload requests first. */
    failUploads: 0,
    /** Uploads in parts (tus), by id: what the server stands at. */
    subidas: new Map<
      string,
      { length: number; offset: number; metadata: Record<string, string>; documento?: string }
    >(),
    /** Requests to `/subidas`, in order: method, upload id and the offset a part was sent from. */
    tus: [] as { method: string; id?: string; offset?: number }[],
    /** Answer 429 (busy) to the part after this many more parts were taken, once. */
    busyAfterParts: null as number | null,
  };
  const byKey = new Map<string, string>();
  const base = 'http://folio.test';

  const respond = (status: number, body: unknown, headers: Record<string, string> = {}): FetchResponse =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const error = (status: number, codigo: string, mensaje: string) =>
    respond(status, { error: { codigo, mensaje, message: mensaje, estado: status } });

  /** A new document from an upload, or the one its idempotency key already made. */
  const store = (
    key: string | undefined,
    query: Record<string, string>,
    body: unknown,
  ): { id: string; isNew: boolean } => {
    const existing = key ? byKey.get(key) : undefined;
    if (existing) return { id: existing, isNew: false };
    const id = `doc${state.documents.size + 1}`.padEnd(12, '0');
    state.bodies.push({ body, query });
    state.documents.set(id, {
      polls: 0,
      doc: {
        id,
        titulo: query.titulo ?? query.nombre ?? 'Sin título',
        autores: ['Pérez Canul, Lucía'],
        anio: 2021,
        tipo: query.nombre?.endsWith('.vtt') ? 'video' : query.nombre?.endsWith('.pdf') ? 'pdf' : 'web',
        estado: 'procesando',
        fase: 'conversion',
        progreso: 0.3,
        unidades: 0,
        url: query.url,
        creado: new Date(0).toISOString(),
        enlace: `${base}/leer/${id}`,
        texto_url: `${base}/api/v1/documentos/${id}/texto`,
        progreso_url: `${base}/api/v1/documentos/${id}`,
      },
    });
    if (key) byKey.set(key, id);
    return { id, isNew: true };
  };

  /** tus 1.0 as `/api/v1/subidas` speaks it: creation, HEAD for the offset, PATCH parts in order. */
  const tus = (u: URL, init: FetchInit): FetchResponse => {
    const h = (name: string) => init.headers[name] ?? init.headers[name.toLowerCase()];
    const answer = (status: number, headers: Record<string, string>) =>
      new Response(null, { status, headers: { 'Tus-Resumable': '1.0.0', ...headers } });
    if (u.pathname === '/api/v1/subidas' && init.method === 'POST') {
      const metadata = Object.fromEntries(
        (h('Upload-Metadata') ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const [k, v = ''] = pair.trim().split(' ');
            return [k!, new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)))];
          }),
      );
      const id = `subida${state.subidas.size + 1}`;
      state.subidas.set(id, { length: Number(h('Upload-Length')), offset: 0, metadata });
      state.tus.push({ method: 'POST', id });
      return answer(201, { Location: `${base}/api/v1/subidas/${id}` });
    }
    const id = decodeURIComponent(u.pathname.slice('/api/v1/subidas/'.length));
    const subida = state.subidas.get(id);
    state.tus.push({
      method: init.method,
      id,
      offset: init.method === 'PATCH' ? Number(h('Upload-Offset')) : undefined,
    });
    if (!subida) return error(404, 'no_encontrado', 'El recurso no existe o no es tuyo.');
    const done = (): Record<string, string> =>
      subida.documento ? { 'X-Folio-Documento': subida.documento, 'X-Folio-Duplicado': 'no' } : {};
    const position = { 'Upload-Offset': String(subida.offset), 'Upload-Length': String(subida.length) };
    if (init.method === 'HEAD') return answer(200, { ...position, 'Cache-Control': 'no-store', ...done() });
    if (init.method !== 'PATCH') return error(405, 'peticion_invalida', 'La petición no es válida.');
    if (Number(h('Upload-Offset')) !== subida.offset) return error(409, 'conflicto', 'El desplazamiento no coincide.');
    if (state.busyAfterParts !== null && state.busyAfterParts-- <= 0) {
      state.busyAfterParts = null;
      const mensaje = 'Demasiadas peticiones; espera los segundos de Retry-After.';
      return respond(
        429,
        { error: { codigo: 'limite_de_ritmo', mensaje, message: mensaje, estado: 429 } },
        { 'Retry-After': '1' },
      );
    }
    const body = init.body as unknown;
    subida.offset += body instanceof Blob ? body.size : ((body as ArrayBufferView | undefined)?.byteLength ?? 0);
    if (subida.offset >= subida.length) {
      const { nombre, url, titulo, idempotencia } = subida.metadata;
      const query = Object.fromEntries(Object.entries({ nombre, url, titulo }).filter(([, v]) => v !== undefined));
      subida.documento = store(idempotencia, query as Record<string, string>, `${subida.length} bytes`).id;
    }
    return answer(204, { 'Upload-Offset': String(subida.offset), ...done() });
  };

  const fetch: FetchLike = async (url: string, init: FetchInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const u = new URL(url);
    if (u.pathname === '/health') return respond(200, { estado: 'ok', version: '1.0.0', api: `${base}/api/v1` });
    if (opts.apiKey && init.headers.Authorization !== `Bearer ${opts.apiKey}`) {
      return error(401, 'no_autenticado', 'La clave de API no es válida o fue revocada.');
    }
    if (u.pathname === '/api/v1/subidas' || u.pathname.startsWith('/api/v1/subidas/')) return tus(u, init);
    if (u.pathname === '/api/v1/documentos' && init.method === 'POST') {
      state.uploadRequests++;
      if (state.failUploads > 0) {
        state.failUploads--;
        return error(500, 'interno', 'Error interno del servidor.');
      }
      const key = init.headers['Idempotency-Key'];
      if (key) state.keys.push(key);
      const { id, isNew } = store(key, Object.fromEntries(u.searchParams), init.body);
      const status = isNew ? 202 : 200;
      if (state.loseNextUploadAnswer) {
        state.loseNextUploadAnswer = false;
        throw new TypeError('network error');
      }
      return respond(status, state.documents.get(id)!.doc);
    }
    const one = /^\/api\/v1\/documentos\/([^/]+)$/.exec(u.pathname);
    if (one && init.method === 'GET') {
      const entry = state.documents.get(decodeURIComponent(one[1]!));
      if (!entry) return error(404, 'no_encontrado', 'El recurso no existe o no es tuyo.');
      entry.polls++;
      if (entry.polls >= (opts.pollsUntilReady ?? 1)) {
        entry.doc = {
          ...entry.doc,
          estado: 'listo',
          fase: undefined,
          progreso: undefined,
          progreso_url: undefined,
          unidades: 3,
          referencia: `Pérez Canul, L. (2021). ${entry.doc.titulo}.`,
        };
        return respond(200, entry.doc);
      }
      entry.doc = { ...entry.doc, fase: 'indexado', progreso: 0.9 };
      return respond(202, entry.doc);
    }
    if (one && init.method === 'PATCH') {
      const entry = state.documents.get(decodeURIComponent(one[1]!));
      if (!entry) return error(404, 'no_encontrado', 'El recurso no existe o no es tuyo.');
      const parsed = CorregirDocumento.safeParse(JSON.parse(String(init.body)));
      if (!parsed.success) return error(400, 'peticion_invalida', 'La petición no es válida.');
      const { titulo, autores, anio } = parsed.data;
      const doc = { ...entry.doc, titulo: titulo ?? entry.doc.titulo, autores: autores ?? entry.doc.autores };
      doc.anio = anio === null ? undefined : (anio ?? entry.doc.anio);
      doc.referencia = `${doc.autores[0] ?? 'Anónimo'} (${doc.anio ?? 's. f.'}). ${doc.titulo}.`;
      entry.doc = doc;
      return respond(200, doc);
    }
    if (u.pathname === '/api/v1/documentos' && init.method === 'GET') {
      const documentos = [...state.documents.values()].map((e) => e.doc);
      return respond(200, { documentos, total: documentos.length });
    }
    if (u.pathname === '/api/v1/buscar') {
      return respond(200, { consulta: u.searchParams.get('q'), pasajes: opts.pasajes ?? [] });
    }
    return error(404, 'no_encontrado', 'El recurso no existe o no es tuyo.');
  };

  return { fetch, state, baseUrl: base };
}
