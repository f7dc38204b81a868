import fs from 'node:fs/promises';
import path from 'node:path';
import { formatLocator, type Cita, type Pasaje } from '@folio/shared';
import type { Deps } from '../../context';
import { backedClaims, type Backing } from '../../cite/backing';
import { splitClaims } from '../../cite/claims';
import { cslItem, cslLocator } from '../../cite/csl/csl-item';
import { formatCitations, type CiteRequest } from '../../cite/csl/registry';
import { markdownText, plainText, richFromHtml, type RichText } from '../../cite/csl/rich-text';
import { citedDocx, readDocx, type DocxDocument } from '../../cite/docx/cited-docx';
import { firstFreeFootnote, insertAll, type Insertion } from '../../cite/insert-text';
import type { CiteJobRow, CiteResult, ClaimOutcome } from '../../db/cite-jobs.repo';
import { findDocument } from '../../db/documents.repo';
import { DEFAULT_LIMITS } from '../../ingest/converter';
import { newId } from '../../ids';
import { resolveCiteLocale, resolveCiteStyle } from './cite-style';
import { judgeKind } from '../documents/judge-kind';
import { searchLibrary } from '../search';
import { backingPassage } from '../../support/bar';

/** Passages judged for each claim: the best few of the search. */
const CANDIDATES = 5;

/** What citing produced: Citado's content, and the cited .docx when the input was one. */
export interface CiteOutcome {
  resultado: CiteResult;
  docx?: Uint8Array;
}

type CiteDeps = Pick<Deps, 'db' | 'config' | 'engines' | 'blobs'> & Partial<Pick<Deps, 'log'>>;

/** The heading of the bibliography appended to a .docx, in the locale's language. */
const REFERENCES_HEADING: Record<string, string> = {
  es: 'Referencias',
  en: 'References',
  pt: 'Referências',
  fr: 'Références',
  de: 'Literaturverzeichnis',
  it: 'Bibliografia',
  ca: 'Referències',
  nl: 'Referenties',
  eu: 'Erreferentziak',
};

/** A search query from a claim: quotes would make the search demand literal phrases. */
const queryOf = (claim: string) => claim.replace(/["“”«»]/g, ' ').slice(0, 2000);

/**
 * Cites a text or a .docx against the caller's library: splits it into claims, finds for each the best
 * passage of the caller's documents (search restricted by `documentos`/`biblioteca`), has the support
 * scorer judge it, and inserts a citation only where `respaldo` reaches `umbral`. Citations, locators and
 * references come from the stored anchors and document metadata through citation-js, never from a model.
 */
export async function citeText(
  deps: CiteDeps,
  job: CiteJobRow,
  opts: { signal?: AbortSignal; progress?: (fraction: number) => Promise<void> } = {},
): Promise<CiteOutcome> {
  const { opciones } = job;
  const style = await resolveCiteStyle(deps, job.user_id, opciones.estilo);
  const locale = resolveCiteLocale(opciones.idioma);
  const idioma = locale.startsWith('es') ? 'es' : 'en';

  let docx: DocxDocument | undefined;
  let text = job.texto ?? '';
  if (job.entrada === 'docx') {
    docx = await readDocx(await deps.blobs.localPath(job.input_blob!), { limits: DEFAULT_LIMITS, signal: opts.signal });
    text = docx.text;
  }

  const judge = async (claim: string): Promise<Backing<Pasaje> | undefined> => {
    opts.signal?.throwIfAborted();
    const { pasajes, contextos } = await searchLibrary(deps, job.user_id, {
      q: queryOf(claim),
      k: CANDIDATES,
      documentos: opciones.documentos,
      biblioteca: opciones.biblioteca,
    });
    if (!pasajes.length) return undefined;
    // Judged like verify does: on the whole passages the results were narrowed from.
    const judged = await deps.engines.support.judge(claim, contextos, opts.signal);
    // Verify's rule: a claim some passage contradicts more strongly than the best one backs it is not cited.
    const best = backingPassage(judged, 0);
    return best < 0 ? undefined : { passage: pasajes[best]!, respaldo: judged[best]!.respaldo };
  };
  const uncited: ClaimOutcome[] = [];
  const backed = await backedClaims(
    text,
    splitClaims(text),
    judge,
    opciones.umbral,
    (a, b) => a.id === b.id,
    opts.progress,
    (claim, best, question) =>
      uncited.push({
        afirmacion: claim.text,
        inicio: claim.start,
        ...(question && { pregunta: true as const }),
        ...(best && {
          mejor: {
            respaldo: Math.round(best.respaldo * 1000) / 1000,
            cita: best.passage.cita,
            localizador: best.passage.localizador,
            titulo: best.passage.documento.titulo,
            pasaje: best.passage.texto,
            enlace: best.passage.enlace,
          },
        }),
      }),
  );

  // The references: each cited document's stored metadata, the caller's own documents only.
  const items: Record<string, unknown>[] = [];
  for (const id of new Set(backed.map((b) => b.passage.documento.id))) {
    const row = await findDocument(deps.db, job.user_id, id);
    if (row) items.push(cslItem(id, row) as unknown as Record<string, unknown>);
  }
  const cited = backed.filter((b) => items.some((i) => i.id === b.passage.documento.id));
  const localizadores = cited.map((b) => formatLocator(b.passage.ancla, { idioma }));
  const requests: CiteRequest[] = cited.map((b, i) => ({
    id: b.passage.documento.id,
    ...cslLocator(b.passage.ancla, localizadores[i]!),
  }));
  const formatted = formatCitations(style.name, locale, items, requests);
  const citations = formatted.citations.map(richFromHtml);
  const bibliography = formatted.bibliography.map(richFromHtml);
  const note = formatted.clase === 'note';

  // The Markdown text: in-text citations after each claim's last word, or footnote references after its
  // punctuation with the notes' definitions at the end.
  const firstNote = firstFreeFootnote(text);
  const insertions: Insertion[] = cited.map((b, i) =>
    note ? { at: b.after, text: `[^${firstNote + i}]` } : { at: b.end, text: ` ${markdownText(citations[i]!)}` },
  );
  let texto = insertAll(text, insertions);
  if (note && cited.length) {
    const definitions = citations.map((c, i) => `[^${firstNote + i}]: ${markdownText(c)}`);
    texto = `${texto.trimEnd()}\n\n${definitions.join('\n')}\n`;
  }
  const citas: Cita[] = cited.map((b, i) => ({
    afirmacion: b.text,
    cita: plainText(citations[i]!),
    localizador: localizadores[i]!,
    documento: b.passage.documento.id,
    fragmento: b.passage.id,
    pasaje: b.passage.texto,
    respaldo: Math.round(b.respaldo * 1000) / 1000,
    enlace: b.passage.enlace,
  }));
  const afirmaciones: ClaimOutcome[] = [
    ...cited.map((b, i) => ({ afirmacion: b.text, inicio: b.start, cita: i })),
    ...uncited,
  ].sort((a, b) => a.inicio - b.inicio);
  const resultado = {
    texto,
    citas,
    bibliografia: bibliography.map(plainText),
    bibliografiaMarkdown: bibliography.map(markdownText),
    afirmaciones,
    juez: judgeKind(deps.engines.support),
  };
  if (!docx) return { resultado };
  const heading = REFERENCES_HEADING[locale.split('-')[0]!] ?? REFERENCES_HEADING.en!;
  const out = citedDocx(
    docx,
    cited.map((b, i) => ({ at: note ? b.after : b.end, kind: note ? 'note' : 'in-text', rich: citations[i]! })),
    { heading, entries: bibliography, hanging: !hasNumbers(bibliography) },
  );
  return { resultado, docx: out };
}

/** Numeric styles' entries start with their number ('[1]', '1.'): no hanging indent for them. */
function hasNumbers(entries: RichText[]): boolean {
  return entries.length > 0 && entries.every((e) => /^\[?\d+[\].]/.test(plainText(e)));
}

/** Stores bytes in the blob store under a new key and returns it. */
export async function storeBlob(deps: Pick<Deps, 'blobs' | 'config'>, prefix: string, data: Uint8Array) {
  const tmp = path.join(deps.config.dataDir, 'tmp', `${prefix}-${newId()}`);
  await fs.mkdir(path.dirname(tmp), { recursive: true });
  await fs.writeFile(tmp, data);
  const key = `${prefix}-${newId()}.docx`;
  await deps.blobs.putFile(key, tmp);
  return key;
}
