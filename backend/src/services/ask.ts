import {
  footnoteDefinitions,
  type EventoPasajes,
  type EventoTexto,
  type Fuente,
  type Pasaje,
  type Respuesta,
} from '@folio/shared';
import { contentKeys, coverage, questionLanguage, questionTerms } from '../ask/overlap';
import { holdsAskedThing, needsAskedThing, questionType } from '../ask/question-type';
import { holdsFocus, questionFocus, sentenceBefore } from '../ask/specific-terms';
import { SentenceStream } from '../ask/sentences';
import { WriterError, type WriterPassage } from '../ai/writer';
import type { Deps } from '../context';
import { AppError } from '../errors';
import { confidenceOf, type AnswerFacts } from '../support/bar';
import {
  checkSentence,
  parseSentence,
  renderSentence,
  saysSomething,
  splitAtFootnotes,
  type CheckedSentence,
} from './cite/footnotes';
import { searchLibrary } from './search';

export interface AskRequest {
  pregunta: string;
  /** Passages given to the writer: default 8, at most 12 (the route validates). */
  k?: number;
  documentos?: string[];
  biblioteca?: string;
}

/** One event of an answer as it is made (the payloads of the server-sent events). */
export type AskEvent =
  | { event: 'pasajes'; data: EventoPasajes }
  | { event: 'texto'; data: EventoTexto }
  | { event: 'fuente'; data: Fuente }
  | { event: 'fin'; data: Respuesta };

export const DEFAULT_K = 8;

/** What the answer says when the library holds nothing that answers, in the question's language. */
export const NOTHING_FOUND = {
  es: 'No encontré en tu biblioteca nada que responda a esta pregunta.',
  en: 'I found nothing in your library that answers this question.',
} as const;

/** How the writer sees where a passage comes from: title and the passage's citation. */
function origin(p: Pasaje): string {
  return `«${p.documento.titulo}» ${p.cita}`;
}

/**
 * What the confidence rule (`confidenceOf`, support/bar.ts) weighs of an answer: each sentence that says
 * something, stood or not, and whether it holds the names and figures the question gives (ask/specific-terms.ts)
 * by itself, with the title or section of a passage its footnotes cite, or with the sentence before it in that
 * passage; the weighted share of the question's terms (ask/overlap.ts) the answer holds with its
 * sources' titles and sections; and, for a question asking for a quantity, a time or a person
 * (ask/question-type.ts), whether a standing sentence holds a number, a date or a name.
 */
function answerFacts(
  pregunta: string,
  checked: CheckedSentence[],
  answer: string,
  fuentes: Fuente[],
  given: { pasajes: Pasaje[]; texts: string[] },
): AnswerFacts {
  const named = questionFocus(pregunta);
  const onQuestion = (s: CheckedSentence) =>
    [...s.backing.keys()].some((n) => {
      const p = given.pasajes[n - 1];
      const text = given.texts[n - 1] ?? '';
      const around = p ? `${p.documento.titulo} ${p.localizador}` : '';
      return holdsFocus(named, `${s.claim} ${around} ${sentenceBefore(text, s.claim) ?? ''}`);
    });
  const sentences = checked
    .filter((s) => s.keep || saysSomething(s.claim))
    .map((s) => ({ keep: s.keep, respaldo: s.respaldo, onQuestion: s.keep && onQuestion(s) }));
  const terms = questionTerms(pregunta);
  // What the sources are (titles, sections) counts too: a question about Yucatán is answered by a sentence
  // from "Cenotes de Yucatán" that does not repeat the name.
  const context = fuentes.map((f) => `${f.documento.titulo} ${f.localizador}`).join(' ');
  const covered = terms.size > 0 ? coverage(terms, contentKeys(`${answer} ${context}`)) : 1;
  const type = questionType(pregunta);
  const answered = !needsAskedThing(type) || checked.some((s) => s.keep && holdsAskedThing(type, s.claim) > 0);
  return { sentences, covered, answered };
}

/** The strongest of two separators: a paragraph break, then a line break, then a space. */
function stronger(a: string, b: string): string {
  const rank = (s: string) => (/\n\s*\n/.test(s) ? 3 : s.includes('\n') ? 2 : s ? 1 : 0);
  return rank(b) >= rank(a) ? b : a;
}

/** The separator as written into the answer: blank line, line break or one space. */
function normalSeparator(s: string): string {
  return /\n\s*\n/.test(s) ? '\n\n' : s.includes('\n') ? '\n' : s ? ' ' : '';
}

/**
 * Answers a question from the caller's library, as events: the passages found (`pasajes`), the answer in
 * checked pieces (`texto`), each source when first cited (`fuente`), and the whole answer (`fin`).
 *
 * The `k` best passages of the real search (only the caller's, restricted by `documentos` and `biblioteca`)
 * are given to the writer numbered 1..k. What it writes is read sentence by sentence as it arrives; every
 * footnote of every sentence is checked by the support scorer against its passage (rules in footnotes.ts)
 * while the writer goes on, and sentences are released in order once checked, so nothing unchecked is ever
 * sent. Standing footnotes are renumbered 1..n in order of first citation; `fuentes` are the cited passages
 * as search returns them, narrowed to the stored blocks holding the sentence that cites them (literal
 * `texto`; `cita`, `localizador`, `enlace` from that block's anchor), plus `n`, and their definitions close
 * the answer. When nothing stands, the answer says plainly that
 * nothing was found, in the question's language, with `baja`. A writer that fails is a 502 `proveedor_fallo`.
 */
export async function* askEvents(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: AskRequest,
  signal?: AbortSignal,
): AsyncGenerator<AskEvent> {
  const started = performance.now();
  const idioma = questionLanguage(req.pregunta);
  const found = await searchLibrary(deps, userId, {
    q: req.pregunta,
    k: req.k ?? DEFAULT_K,
    documentos: req.documentos,
    biblioteca: req.biblioteca,
  });
  const { pasajes } = found;
  yield { event: 'pasajes', data: { pasajes } };

  // The writer reads, and footnotes are checked against, the whole passages; each source is then the
  // passage narrowed to the cues, paragraph or rows that hold the sentence citing it.
  const texts = found.contextos;
  const checked: CheckedSentence[] = [];
  const fuentes: Fuente[] = [];
  const numbers = new Map<string, number>();
  let answer = '';
  let separator = '';
  let leftOut = false;

  /**
   * The footnote number of passage `n` as cited by `sentence`: one per place, so two sentences backed by
   * different cues of one passage have two sources, each at its own second.
   */
  const number = (n: number, sentence: string) => {
    const fuente = found.narrowedTo(n - 1, sentence);
    const place = `${n}:${JSON.stringify(fuente.ancla)}`;
    let m = numbers.get(place);
    if (m === undefined) {
      m = numbers.size + 1;
      numbers.set(place, m);
      fuentes.push({ n: m, ...fuente });
    }
    return m;
  };

  // Sentences being checked, in the writer's order; each is released once it and all before it are done.
  const queue: { done: boolean; result: Promise<CheckedSentence> }[] = [];
  const enqueue = (sentence: string) => {
    for (const raw of splitAtFootnotes(sentence)) check(raw);
  };
  const check = (raw: string) => {
    const entry = { done: false, result: checkSentence(parseSentence(raw), texts, deps.engines.support, signal) };
    entry.result.then(
      () => (entry.done = true),
      () => (entry.done = true),
    );
    queue.push(entry);
  };
  async function* release(all: boolean): AsyncGenerator<AskEvent> {
    while (queue.length > 0 && (all || queue[0]!.done)) {
      const s = await queue.shift()!.result;
      checked.push(s);
      if (s.dropped.length > 0 || !s.keep) {
        deps.log?.debug(`ask: ${s.keep ? 'footnotes dropped' : 'sentence left out'}`, {
          claim: s.claim,
          dropped: s.dropped,
          added: s.added,
        });
      }
      if (!s.keep) {
        separator = stronger(separator, s.separator);
        leftOut = true;
        continue;
      }
      const before = fuentes.length;
      let text = renderSentence(s, (n) => number(n, s.claim));
      // The piece before this one was left out: a clause it started ("…, y B[^2].") starts the text now.
      if (!answer || leftOut) text = text.replace(/^[,;:]\s*/, '');
      leftOut = false;
      const delta = (answer ? normalSeparator(stronger(separator, s.separator)) : '') + text;
      separator = '';
      answer += delta;
      yield { event: 'texto', data: { texto: delta } };
      for (const f of fuentes.slice(before)) yield { event: 'fuente', data: f };
    }
  }

  if (pasajes.length > 0) {
    const given: WriterPassage[] = pasajes.map((p, i) => ({ n: i + 1, texto: texts[i]!, fuente: origin(p) }));
    const sentences = new SentenceStream();
    try {
      for await (const delta of deps.engines.writer.write({ pregunta: req.pregunta, idioma, pasajes: given, signal })) {
        for (const raw of sentences.push(delta)) enqueue(raw);
        yield* release(false);
      }
    } catch (err) {
      if (err instanceof WriterError) {
        deps.log?.error(`ask: the writer (${deps.engines.writer.name}) failed`, err.cause ?? err);
        throw new AppError('proveedor_fallo', {
          mensaje: err.mensaje,
          message: err.message,
          detalles: { proveedor: 'escritor', ...(err.httpStatus && { estado_proveedor: err.httpStatus }) },
        });
      }
      throw err;
    }
    for (const raw of sentences.end()) enqueue(raw);
    yield* release(true);
  }

  let confianza: Respuesta['confianza'];
  if (fuentes.length === 0) {
    answer = NOTHING_FOUND[idioma];
    confianza = 'baja';
    yield { event: 'texto', data: { texto: answer } };
  } else {
    confianza = confidenceOf(answerFacts(req.pregunta, checked, answer, fuentes, { pasajes, texts }));
    const definitions = `\n\n${footnoteDefinitions(fuentes)}`;
    answer += definitions;
    yield { event: 'texto', data: { texto: definitions } };
  }
  yield {
    event: 'fin',
    data: {
      pregunta: req.pregunta,
      respuesta: answer,
      fuentes,
      confianza,
      ms: Math.round(performance.now() - started),
    },
  };
}

/** The whole answer at once (the JSON and Markdown forms). */
export async function ask(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: AskRequest,
  signal?: AbortSignal,
): Promise<Respuesta> {
  for await (const e of askEvents(deps, userId, req, signal)) if (e.event === 'fin') return e.data;
  throw new Error('ask: the answer ended without its fin event');
}
