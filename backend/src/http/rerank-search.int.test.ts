import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTransformersReranker } from '../ai/transformers-reranker';
import { CROSS_ENCODER_WEIGHT } from '../search/cross-encoder-rerank';
import { FEATURE_RERANKER } from '../search/feature-rerank';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

// The same small library on two servers: one with the tiny cross-encoder the project builds
// (backend/scripts/make-tiny-reranker-model.ts), one whose cross-encoder is present but unfit (the tiny
// embedding model gives no relevance logits), so its search falls back to the feature reranker.
const MODELS = path.join(REPO_ROOT, 'test/fixtures/models');
const RERANKER = 'folio/tiny-rerank';
const cross = useTestServer({ modelsDir: MODELS, reranker: { enabled: true, model: RERANKER } });
const broken = useTestServer({ modelsDir: MODELS, reranker: { enabled: true, model: 'folio/tiny-embed' } });

const FILLER = 'gatos perros ciudad casa calle coche tren barco viaje playa isla costa mercado precio dinero banco';
const DOCS = {
  // Both query words, three times, in a title that matches, drowned in unrelated words: the features like it,
  // a model reading the passage as a whole does not.
  largo: [
    'Agua del páramo',
    `El agua del páramo. ${FILLER} ${FILLER} ${FILLER}. El agua del páramo. ${FILLER} ${FILLER} ${FILLER}. ` +
      `El agua del páramo. ${FILLER} ${FILLER} ${FILLER} ${FILLER}.`,
  ],
  corto: ['Notas', 'El agua del páramo.'],
  // One of the two words, in a short passage mostly about it.
  teatro: ['Teatro', 'Un texto sobre la historia del teatro y la música barroca, y el agua.'],
} as const;

const keys = new Map<object, string>();
for (const ctx of [cross, broken]) {
  beforeAll(async () => {
    const key = await ctx.server.key('rerank@example.org');
    keys.set(ctx, key);
    for (const [nombre, [titulo, texto]] of Object.entries(DOCS)) {
      const res = await ctx.server.request(
        `/api/v1/documentos?nombre=${nombre}.txt&titulo=${encodeURIComponent(titulo)}`,
        {
          method: 'POST',
          body: texto,
          headers: auth(key, { 'Content-Type': 'text/plain' }),
        },
      );
      expect(res.status).toBe(201);
    }
  });
}

interface Hit {
  texto: string;
  puntuacion: number;
  documento: { titulo: string };
}
const search = async (ctx: typeof cross, q: string) => {
  const res = await ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}`, { headers: auth(keys.get(ctx)!) });
  expect(res.status).toBe(200);
  return { headers: res.headers, pasajes: (await res.json()).pasajes as Hit[] };
};
const titles = (pasajes: Hit[]) => pasajes.map((p) => p.documento.titulo);
const health = async (ctx: typeof cross) => (await (await ctx.server.request('/health')).json()).motores.reranker;

describe('search with a cross-encoder that fails', () => {
  // First in the file: the other tests search this server too, which loads the model.
  it('still answers, ranked by features, and says so in the headers and then on /health', async () => {
    // Its files are all there, so it is reported until a search loads it and it fails.
    expect(await health(broken)).toBe('folio/tiny-embed (local, q8)');
    const { headers, pasajes } = await search(broken, 'agua páramo');
    expect(pasajes.length).toBe(3);
    expect(headers.get('x-folio-reranker')).toBe('rasgos');
    expect(headers.get('x-folio-motores')).toBe('lexico, reranker-rasgos');
    const report = await health(broken);
    expect(report.startsWith(`${FEATURE_RERANKER}; cross-encoder no disponible:`)).toBe(true);
    expect(report).toContain('folio/tiny-embed');
  });
});

describe('search with a local cross-encoder', () => {
  it('names the cross-encoder on /health and in the headers', async () => {
    expect(await health(cross)).toBe(`${RERANKER} (local, q8)`);
    const { headers } = await search(cross, 'agua páramo');
    expect(headers.get('x-folio-reranker')).toBe(`${RERANKER} (local, q8)`);
    expect(headers.get('x-folio-motores')).toBe('lexico, reranker-rasgos, reranker-cruzado');
    expect(headers.get('x-folio-semantico')).toBe('no disponible');
  });

  it('orders by mostly the cross-encoder: its relevance and the feature score, combined as documented', async () => {
    const q = 'agua páramo';
    const [{ pasajes }, { pasajes: byFeatures }] = await Promise.all([search(cross, q), search(broken, q)]);
    expect(titles(pasajes).sort()).toEqual(titles(byFeatures).sort());
    // The relevance the model gives each passage, asked directly.
    const model = await createTransformersReranker({ modelsDir: MODELS, model: RERANKER });
    const relevance = await model.score(
      q,
      pasajes.map((p) => p.texto),
    );
    const feature = new Map(byFeatures.map((p) => [p.texto, p.puntuacion]));
    pasajes.forEach((p, i) => {
      const expected = CROSS_ENCODER_WEIGHT * relevance[i]! + (1 - CROSS_ENCODER_WEIGHT) * feature.get(p.texto)!;
      expect(p.puntuacion).toBeCloseTo(expected, 3);
      expect(p.puntuacion).toBeGreaterThanOrEqual(0);
      expect(p.puntuacion).toBeLessThanOrEqual(1);
    });
    const scores = pasajes.map((p) => p.puntuacion);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('reorders what the features ranked: the focused passage above the keyword-stuffed one', async () => {
    const q = 'agua páramo';
    const byFeatures = titles((await search(broken, q)).pasajes);
    const byModel = titles((await search(cross, q)).pasajes);
    // The features put the stuffed passage (both words, title hit) above the one with a single word …
    expect(byFeatures.indexOf('Agua del páramo')).toBeLessThan(byFeatures.indexOf('Teatro'));
    // … the cross-encoder, reading each passage as a whole, the other way round; the focused one first.
    expect(byModel.indexOf('Teatro')).toBeLessThan(byModel.indexOf('Agua del páramo'));
    expect(byModel[0]).toBe('Notas');
    expect(byModel.at(-1)).toBe('Agua del páramo');
  });
});
