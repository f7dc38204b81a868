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
 * the network can be cut, or an answer lost after the server acted on it.
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
  };
  const byKey = new Map<string, string>();
  const base = 'http://folio.test';

  const respond = (status: number, body: unknown, headers: Record<string, string> = {}): FetchResponse =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const error = (status: number, codigo: string, mensaje: string) =>
    respond(status, { error: { codigo, mensaje, message: mensaje, estado: status } });

  const fetch: FetchLike = async (url: string, init: FetchInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const u = new URL(url);
    if (u.pathname === '/health') return respond(200, { estado: 'ok', version: '1.0.0', api: `${base}/api/v1` });
    if (opts.apiKey && init.headers.Authorization !== `Bearer ${opts.apiKey}`) {
      return error(401, 'no_autenticado', 'La clave de API no es válida o fue revocada.');
    }
    if (u.pathname === '/api/v1/documentos' && init.method === 'POST') {
      state.uploadRequests++;
      if (state.failUploads > 0) {
        state.failUploads--;
        return error(500, 'interno', 'Error interno del servidor.');
      }
      const key = init.headers['Idempotency-Key'];
      if (key) state.keys.push(key);
      const existing = key ? byKey.get(key) : undefined;
      let status = 200;
      let id = existing;
      if (!id) {
        id = `doc${state.documents.size + 1}`.padEnd(12, '0');
        const query = Object.fromEntries(u.searchParams);
        state.bodies.push({ body: init.body, query });
        state.documents.set(id, {
          polls: 0,
          doc: {
            id,
            titulo: query.titulo ?? query.nombre ?? 'Sin título',
            autores: ['Pérez Canul, Lucía'],
            anio: 2021,
            tipo: query.nombre?.endsWith('.vtt') ? 'video' : 'web',
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
        status = 202;
      }
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
