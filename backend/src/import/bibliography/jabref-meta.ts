import path from 'node:path';

/** JabRef's group tree, as the collections an entry is in. */
export interface JabrefGroups {
  /** The paths of the groups of each name (a name may be used at two places of the tree). */
  byName: Map<string, string[][]>;
  /** The paths of the groups that list an entry's key themselves (JabRef 2's ExplicitGroup). */
  byKey: Map<string, string[][]>;
}

/** Group kinds whose members are chosen by hand; the others (keyword, search, automatic) are queries. */
const CHOSEN = new Set(['StaticGroup', 'ExplicitGroup']);

const add = (map: Map<string, string[][]>, key: string, value: string[]) =>
  map.set(key, [...(map.get(key) ?? []), value]);

/** The body of `@Comment{jabref-meta: grouping:…}` (JabRef 3+) or `groupstree:` (JabRef 2), braces matched. */
function groupingBody(text: string): string | undefined {
  const start = /@comment\s*\{\s*jabref-meta:\s*(?:grouping|groupstree):/i.exec(text);
  if (!start) return undefined;
  let depth = 1;
  const from = start.index + start[0].length;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

/**
 * The groups of a JabRef library, from its `jabref-meta` comment: each line `level Kind:name\;…;`, a group
 * under the nearest line above it of one level less. Only groups whose members are chosen by hand become
 * collections; the members of a keyword or search group are a query's answer, not the user's filing.
 */
export function jabrefGroups(text: string): JabrefGroups {
  const groups: JabrefGroups = { byName: new Map(), byKey: new Map() };
  const body = groupingBody(text);
  if (!body) return groups;
  const stack: string[][] = [[]];
  for (const [, level, kind, fields] of body.matchAll(/(\d+)\s+(\w+):((?:\\[\s\S]|[^\\;])*);/g)) {
    const depth = Number(level);
    if (depth === 0) continue;
    const [name = '', , ...keys] = fields!
      .replace(/\s*\n\s*/g, '')
      .split('\\;')
      .map((f) => f.replace(/\\(.)/g, '$1'));
    const path = [...(stack[depth - 1] ?? []), name];
    stack.length = depth;
    stack[depth] = path;
    if (!CHOSEN.has(kind!) || !name) continue;
    add(groups.byName, name, path);
    if (kind === 'ExplicitGroup') for (const key of keys) if (key) add(groups.byKey, key, path);
  }
  return groups;
}

/**
 * Where a JabRef library keeps its files (`@Comment{jabref-meta: fileDirectory:pdfs;}`, relative to the
 * library's folder), which JabRef resolves its relative links against; `undefined` when it names none.
 */
export function jabrefFileDirectory(text: string, exportDir: string): string | undefined {
  const dir = /@comment\s*\{\s*jabref-meta:\s*fileDirectory:((?:\\.|[^;}])*);/i.exec(text)?.[1];
  if (!dir?.trim()) return undefined;
  const plain = dir.replace(/\\(.)/g, '$1').trim();
  return path.sep === '/' && /^[A-Za-z]:|^\\/.test(plain)
    ? undefined
    : path.resolve(exportDir, plain.replaceAll('\\', '/'));
}
