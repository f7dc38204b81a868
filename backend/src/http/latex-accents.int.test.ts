import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

/**
 * LaTeX PDFs set in OT1 draw each accent as a glyph of its own (issue 29): uploaded as a user would, with
 * no metadata given, their accented words are stored composed and found by the words people type.
 */
const ctx = useTestServer();
const latex = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/latex', name));

interface Pasaje {
  texto: string;
  cita: string;
  documento: { id: string; titulo: string };
}

describe('accented words of LaTeX PDFs', () => {
  it('are found by search, in the passages, titles and citations', async () => {
    const key = await ctx.server.key('latex-accents@example.org');
    const call = async (url: string, init: RequestInit = {}) => {
      const res = await ctx.server.request(url, { ...init, headers: auth(key, { 'Content-Type': 'application/pdf' }) });
      expect(res.status, url).toBeLessThan(300);
      return res.json();
    };
    const upload = (name: string) =>
      call(`/api/v1/documentos?esperar=120&nombre=${name}`, { method: 'POST', body: latex(name) });
    const tesis = await upload('tesis-ot1.pdf');
    const boletin = await upload('boletin-ot1.pdf');
    expect(tesis.estado).toBe('listo');
    expect(boletin.estado).toBe('listo');
    expect(tesis.titulo).toBe('Nuevo tipo de mapa temático e interfaz visual para configuración');
    expect(boletin.titulo).toBe('Estudio de validación tomográfica del modelo MHD AWSoM');

    const search = async (q: string): Promise<Pasaje[]> =>
      (await call(`/api/v1/buscar?q=${encodeURIComponent(q)}`)).pasajes;
    const [configuracion] = await search('configuración');
    expect(configuracion?.documento.id).toBe(tesis.id);
    expect(configuracion?.texto).toContain('configuración');
    const [difracao] = await search('difração');
    expect(difracao?.documento.id).toBe(tesis.id);
    expect(difracao?.texto).toContain('La difração de raios X');
    const [astronomia] = await search('Astronomía');
    expect(astronomia?.documento.id).toBe(boletin.id);
    expect(astronomia?.texto).toContain('Asociación Argentina de Astronomía');
    expect(astronomia?.cita).toBe('(García Ñúñez y Sgró, 2023, p. 1)');
    // A note call is out of its word: 'tomografía¹' is found as 'tomografía'; the exponent is kept apart.
    const [tomografia] = await search('tomografía');
    expect(tomografia?.texto).toContain('tomografía¹');
    expect(tomografia?.texto).toContain('2^34 tablets');
  });
});
