import { expect } from 'vitest';

/** A passage as `/buscar` returns it, as far as the end-to-end tests read it. */
export interface Pasaje {
  texto: string;
  cita: string;
  enlace: string;
  ancla: Record<string, unknown>;
  documento: { id: string; titulo: string };
}

/** A document as `/documentos` lists it, as far as the end-to-end tests read it. */
export interface Documento {
  id: string;
  titulo: string;
  tipo: string;
  estado: string;
  url?: string;
}

/** The API of a running `folio serve`, called with a key: what a test checks the browser's work against. */
export function libraryApi(port: () => number, key: () => string) {
  const api = (route: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port()}/api/v1${route}`, {
      ...init,
      headers: { Authorization: `Bearer ${key()}`, ...(init.headers as Record<string, string>) },
    });
  return {
    api,
    async search(q: string, k = 5): Promise<Pasaje[]> {
      const res = await api(`/buscar?q=${encodeURIComponent(q)}&k=${k}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { pasajes: Pasaje[] }).pasajes;
    },
    async documents(): Promise<Documento[]> {
      const res = await api('/documentos?limite=200');
      expect(res.status).toBe(200);
      return ((await res.json()) as { documentos: Documento[] }).documentos;
    },
  };
}
