import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../test/fixtures/sample-pdf';
import { REPO_ROOT } from '../testing/fixtures';
import { auth, useTestServer } from '../testing/harness';

// The extractive writer (no FOLIO_LLM_URL) on real files: a sheet, PDFs with headings, usage lines and
// captions, and English prose. Every sentence of an answer must carry a footnote that stood, and every
// footnote's passage must be among `fuentes`.
const ctx = useTestServer();
let key: string;
const ids: Record<string, string> = {};

async function upload(bytes: Buffer, nombre: string) {
  const form = new FormData();
  form.append('archivo', new Blob([bytes]), nombre);
  const res = await ctx.server.request('/api/v1/documentos?esperar=120', {
    method: 'POST',
    body: form,
    headers: auth(key),
  });
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc.id as string;
}

interface Fuente {
  n: number;
  texto: string;
  documento: { id: string };
  ancla: Record<string, unknown>;
}
interface Answer {
  respuesta: string;
  fuentes: Fuente[];
  confianza: string;
}

async function ask(pregunta: string): Promise<Answer> {
  const res = await ctx.server.request('/api/v1/preguntar', {
    method: 'POST',
    body: JSON.stringify({ pregunta }),
    headers: auth(key, { 'Content-Type': 'application/json' }),
  });
  expect(res.status).toBe(200);
  const answer = await res.json();
  return answer;
}

/** The answer's sentences (definitions left out), each with the footnote numbers it carries. */
function sentencesOf(answer: Answer): { text: string; notes: number[] }[] {
  const body = answer.respuesta.split('\n\n[^1]:')[0]!;
  return [...body.matchAll(/(.*?)((?:\[\^\d+\])+)/gs)].map((m) => ({
    text: m[1]!.trim(),
    notes: [...m[2]!.matchAll(/\d+/g)].map((d) => Number(d[0])),
  }));
}

/** Nothing unfootnoted, and every footnote's passage in `fuentes`. */
function expectFootnotedThroughout(answer: Answer) {
  const body = answer.respuesta.split('\n\n[^1]:')[0]!;
  // After the last marker nothing but whitespace: no trailing, unchecked words.
  expect(body.replace(/^[\s\S]*\[\^\d+\]/, '').trim()).toBe('');
  const numbers = new Set(answer.fuentes.map((f) => f.n));
  for (const s of sentencesOf(answer)) {
    expect(s.text).toMatch(/[\p{L}\p{N}]/u);
    expect(s.text).not.toContain('\n');
    for (const n of s.notes) expect(numbers.has(n)).toBe(true);
  }
}

const HOMUN = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';

beforeAll(async () => {
  key = await ctx.server.key('respuestas@example.org');
  ids.csv = await upload(
    fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/office/calidad-agua.csv')),
    'calidad-agua.csv',
  );
  ids.pdf = await upload(
    buildSamplePdf({
      title: 'Calidad del agua en los cenotes',
      pages: [
        [
          '2 Resultados del muestreo',
          HOMUN,
          'Figura 3: Nitratos en los pozos de Homún y Cuzamá, 2019.',
          'Los pozos de la zona no tienen vigilancia sanitaria.',
        ],
      ],
    }),
    'cenotes.pdf',
  );
  ids.manual = await upload(
    buildSamplePdf({
      title: 'GNU Libtasn1 Reference Manual',
      pages: [
        [
          '3.1 Invoking asn1Parser .',
          'asn1Parser reads a single file with ASN.1 definitions and generates a C array that is used to',
          'fill the structures of the library.',
          'Usage: asn1Parser [OPTION] FILE',
          '3.2 Invoking asn1Coding .',
          'The asn1Parser program is a command line tool that turns ASN.1 definitions into a C array.',
        ],
      ],
    }),
    'libtasn1.pdf',
  );
  // A study of forty cenotes whose overall means are not any one town's (issue 31).
  ids.article = await upload(
    fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/capture/articulo-revista.html')),
    'articulo-revista.html',
  );
  const res = await ctx.server.request('/api/v1/documentos?nombre=tracing.txt&esperar=60', {
    method: 'POST',
    body:
      'Trace-based Just-in-Time Type Specialization for Dynamic Languages\n\n' +
      'TraceMonkey is the tracing compiler of the SpiderMonkey JavaScript engine. Dynamic languages such as ' +
      'JavaScript are more difficult to compile than statically typed ones. We have implemented a dynamic ' +
      'compiler for JavaScript based on our technique and we have measured speedups of 10x and more for ' +
      'certain benchmark programs.',
    headers: auth(key, { 'Content-Type': 'text/plain' }),
  });
  ids.tracing = (await res.json()).id;
});

describe('answers of the extractive writer', () => {
  it('footnotes the measured value and cites its passage; the sheet row names its columns', async () => {
    const answer = await ask('¿Qué concentración de nitratos se midió en Homún?');
    expectFootnotedThroughout(answer);
    const sentences = sentencesOf(answer);
    expect(sentences[0]!.text).toBe(HOMUN);
    const cited = (s: { notes: number[] }) => answer.fuentes.find((f) => f.n === s.notes[0])!;
    expect(cited(sentences[0]!).documento.id).toBe(ids.pdf);
    expect(cited(sentences[0]!).texto).toContain(HOMUN);
    // The sheet gives only the Homún row, as a sentence, footnoted to the rows' passage.
    const row = sentences.find((s) => cited(s).documento.id === ids.csv);
    expect(row?.text).toBe('Municipio: Homún; nitratos: 44.9; fecha: 2019-05-01.');
    expect(cited(row!).ancla).toMatchObject({ tipo: 'hoja', filaDesde: 2 });
    expect(answer.respuesta).not.toContain('Cuzamá; nitratos');
    expect(answer.respuesta).not.toContain('Figura 3');
    expect(answer.confianza).toBe('alta');
  });

  it("keeps to the town and year asked about: no study design, no overall mean that is not the town's", async () => {
    const answer = await ask('¿Qué concentración de nitratos alcanzó Homún en 2019?');
    expectFootnotedThroughout(answer);
    const sentences = sentencesOf(answer).map((s) => s.text);
    expect(sentences[0]).toBe(HOMUN);
    for (const s of sentences) expect(s).toContain('Homún');
    expect(answer.respuesta).not.toContain('cuarenta cenotes');
    expect(answer.respuesta).not.toContain('31,2');
    expect(answer.fuentes.every((f) => f.documento.id !== ids.article)).toBe(true);
  });

  it('answers with sentences, never headings, usage lines or cut fragments', async () => {
    const answer = await ask('¿Qué es asn1Parser?');
    expectFootnotedThroughout(answer);
    // The heading, the usage line and the next heading around them are left out; the sentence wrapped over
    // two lines is one.
    const sentences = sentencesOf(answer).map((s) => s.text);
    expect(sentences).toContain(
      'The asn1Parser program is a command line tool that turns ASN.1 definitions into a C array.',
    );
    for (const s of sentences) {
      expect([
        'The asn1Parser program is a command line tool that turns ASN.1 definitions into a C array.',
        'asn1Parser reads a single file with ASN.1 definitions and generates a C array that is used to fill the structures of the library.',
      ]).toContain(s);
    }
  });

  it('answers an English question whose sentence holds the asked-for quantity but not the name asked about', async () => {
    const answer = await ask('What speedups does TraceMonkey achieve?');
    expectFootnotedThroughout(answer);
    expect(answer.respuesta).toContain('we have measured speedups of 10x and more for certain benchmark programs.[^1]');
    expect(answer.fuentes[0]!.documento.id).toBe(ids.tracing);
  });
});
