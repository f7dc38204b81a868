import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/** The namespaces Zotero RDF is written in (the `n` table of Zotero's 'Zotero RDF' translator). */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  z: 'http://www.zotero.org/namespaces/export#',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  bib: 'http://purl.org/net/biblio#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://nwalsh.com/rdf/vCard#',
  link: 'http://purl.org/rss/1.0/modules/link/',
  prism: 'http://prismstandard.org/namespaces/1.2/basic/',
} as const;

/** An object of a statement: a resource (named or blank) or a literal's text. */
export type RdfObject = { kind: 'node'; id: string } | { kind: 'literal'; value: string };

/**
 * The statements of an RDF/XML file, by subject. A named resource is identified as the export wrote it
 * (`#item_12`, `urn:isbn:…`, `files/12/a.pdf`), a blank node as `_:` and the parser's label.
 */
export interface RdfGraph {
  /** Each subject's statements: predicate IRI → objects, in the order the file gives them. */
  readonly subjects: ReadonlyMap<string, ReadonlyMap<string, readonly RdfObject[]>>;
  /** The subjects that have an `rdf:type` of this IRI, in the file's order. */
  ofType(type: string): string[];
  /** The objects of `subject`'s `predicate` statements. */
  objects(subject: string, predicate: string): readonly RdfObject[];
  /** The first literal of `subject`'s `predicate`, trimmed; undefined when none has text. */
  literal(subject: string, predicate: string): string | undefined;
  /** The resources `subject`'s `predicate` points to. */
  nodes(subject: string, predicate: string): string[];
  /** Whether `subject` has an `rdf:type` of `type`. */
  isA(subject: string, type: string): boolean;
  /** The members of an `rdf:Seq`/`rdf:Bag` (`rdf:_1`, `rdf:_2`, …, `rdf:li`) in their order. */
  members(container: string): RdfObject[];
}

/**
 * A base IRI no export uses, so a relative reference (`#item_12`, `files/12/a b.pdf`) can be given back
 * exactly as written: the parser resolves every reference against it, and `relativeOf` takes it away. Its
 * path is deep so that a reference climbing out of the export ('../a.pdf') stays apart from an absolute
 * path ('/home/ana/a.pdf'), which resolves against the host alone.
 */
const BASE_HOST = 'http://zotero-rdf.invalid';
const BASE = `${BASE_HOST}/0/1/2/3/4/5/6/7/8/9/export/`;

function relativeOf(iri: string): string {
  if (iri.startsWith(BASE)) return iri.slice(BASE.length);
  if (iri.startsWith(`${BASE_HOST}/0/`)) {
    const segments = iri.slice(BASE_HOST.length + 1).split('/');
    let kept = 0;
    while (segments[kept] === String(kept)) kept++;
    return `${'../'.repeat(11 - kept)}${segments.slice(kept).join('/')}`;
  }
  if (iri.startsWith(`${BASE_HOST}/`)) return iri.slice(BASE_HOST.length);
  return iri;
}

/**
 * Zotero's 'Zotero RDF' export wrote an attachment's file, up to Zotero 7.0, as `<rdf:resource
 * rdf:resource="files/12/a.pdf"/>`: a property element RDF/XML forbids (rdf:resource is an attribute), on
 * which every conforming parser stops. Zotero's own import reads it as a statement `rdf:resource`; so is it
 * read here, renamed on the way in to the `z:path` element Zotero writes since (its namespace declared on
 * the element itself, so the rename holds whatever prefixes the file declares). Only that element is
 * touched: text content cannot hold it, since Zotero escapes '<' in literals.
 */
const LEGACY_PATH = /<rdf:resource(?=[\s/>])/g;
const LEGACY_PATH_FIX = `<z:path xmlns:z="${NS.z}"`;
/** What of a chunk's end may be the start of `<rdf:resource` cut in two. */
const LEGACY_TAIL = '<rdf:resource'.length;

class LegacyPathElement extends Transform {
  private tail = '';
  constructor() {
    super({ decodeStrings: false, encoding: 'utf8' });
  }
  override _transform(chunk: string | Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const text = this.tail + String(chunk);
    const cut = Math.max(0, text.length - LEGACY_TAIL);
    const lastOpen = text.lastIndexOf('<', text.length - 1);
    // Hold back from the last '<' when it may begin the element and the chunk ends before it is told.
    const keepFrom = lastOpen >= cut ? lastOpen : text.length;
    this.tail = text.slice(keepFrom);
    done(null, text.slice(0, keepFrom).replace(LEGACY_PATH, LEGACY_PATH_FIX));
  }
  override _flush(done: TransformCallback): void {
    done(null, this.tail.replace(LEGACY_PATH, LEGACY_PATH_FIX));
  }
}

/** A statement as the parser gives it (an RDF/JS quad, of which only these parts are read). */
interface ParsedQuad {
  subject: { termType: string; value: string };
  predicate: { value: string };
  object: { termType: string; value: string };
}

/** The file is not RDF/XML: its parser's message. */
export class RdfSyntaxError extends Error {
  override name = 'RdfSyntaxError';
}

/**
 * Reads an RDF/XML file into a graph, streaming: the file is never held whole as text, only its statements
 * (a 5,000-item Zotero export is some 150,000 of them).
 */
export async function readRdfGraph(file: string): Promise<RdfGraph> {
  const subjects = new Map<string, Map<string, RdfObject[]>>();
  const typed = new Map<string, string[]>();
  // Predicates and types repeat across thousands of subjects: one string each.
  const interned = new Map<string, string>();
  const intern = (s: string) => {
    const known = interned.get(s);
    if (known !== undefined) return known;
    interned.set(s, s);
    return s;
  };
  const parser = new RdfXmlParser({ baseIRI: BASE, validateUri: false });
  parser.on('data', (quad: ParsedQuad) => {
    const subject = quad.subject.termType === 'BlankNode' ? `_:${quad.subject.value}` : relativeOf(quad.subject.value);
    const predicate = intern(quad.predicate.value);
    const o = quad.object;
    const object: RdfObject =
      o.termType === 'Literal'
        ? { kind: 'literal', value: o.value }
        : { kind: 'node', id: o.termType === 'BlankNode' ? `_:${o.value}` : intern(relativeOf(o.value)) };
    let props = subjects.get(subject);
    if (!props) subjects.set(subject, (props = new Map()));
    const list = props.get(predicate);
    if (list) list.push(object);
    else props.set(predicate, [object]);
    if (predicate === `${NS.rdf}type` && object.kind === 'node') {
      const ofType = typed.get(object.id);
      if (ofType) ofType.push(subject);
      else typed.set(object.id, [subject]);
    }
  });
  try {
    await pipeline(fs.createReadStream(file, { encoding: 'utf8' }), new LegacyPathElement(), parser);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw new RdfSyntaxError((error as Error).message);
  }

  const none: readonly RdfObject[] = [];
  const objects = (subject: string, predicate: string) => subjects.get(subject)?.get(predicate) ?? none;
  return {
    subjects,
    ofType: (type) => [...(typed.get(type) ?? [])],
    objects,
    literal(subject, predicate) {
      for (const o of objects(subject, predicate)) {
        const text = o.kind === 'literal' ? o.value.trim() : '';
        if (text) return text;
      }
      return undefined;
    },
    nodes: (subject, predicate) => objects(subject, predicate).flatMap((o) => (o.kind === 'node' ? [o.id] : [])),
    isA: (subject, type) => objects(subject, `${NS.rdf}type`).some((o) => o.kind === 'node' && o.id === type),
    members(container) {
      const numbered: [number, RdfObject[]][] = [];
      for (const [predicate, list] of subjects.get(container) ?? []) {
        const n = /^http:\/\/www\.w3\.org\/1999\/02\/22-rdf-syntax-ns#_(\d+)$/.exec(predicate);
        if (n) numbered.push([Number(n[1]), list as RdfObject[]]);
      }
      numbered.sort((a, b) => a[0] - b[0]);
      return [...numbered.flatMap(([, list]) => list), ...objects(container, `${NS.rdf}li`)];
    },
  };
}
