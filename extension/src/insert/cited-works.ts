import type { Pasaje } from '@folio/shared';
import type { CitedWork } from '../messaging/bibliography';

/** The work a picked passage cites. */
export function citedWorkOf(p: Pick<Pasaje, 'documento' | 'ancla'>): CitedWork {
  const { id, titulo, autores, anio } = p.documento;
  const web = p.ancla.tipo === 'web' ? p.ancla : undefined;
  return {
    id,
    titulo,
    autores,
    ...(anio != null ? { anio } : {}),
    ...(web?.url ? { url: web.url } : {}),
    ...(web?.url && web.consultada ? { consultada: web.consultada } : {}),
  };
}

/** The works cited in one page (one document being written), in order of first citation. */
export interface CitedWorks {
  list(): CitedWork[];
  /** Records a citation; a work already cited keeps its place and takes the newer metadata. */
  add(work: CitedWork): void;
  clear(): void;
}

/** The key a page's cited works are kept under: origin and path, so a Docs document keeps one list. */
export function citedWorksKey(pageUrl: string): string {
  const u = new URL(pageUrl);
  return `folio:citadas:${u.origin}${u.pathname}`;
}

/**
 * Cited works kept in the page's sessionStorage under {@link citedWorksKey}: they last as long as the tab and
 * survive reloads. The page can read that storage; what it holds (titles, authors, years) is what the
 * inserted citations and bibliography put into the page anyway.
 */
export function sessionCitedWorks(storage: Storage, pageUrl: string): CitedWorks {
  const key = citedWorksKey(pageUrl);
  const read = (): CitedWork[] => {
    try {
      const value: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(value) ? (value as CitedWork[]) : [];
    } catch {
      return [];
    }
  };
  return {
    list: read,
    add(work) {
      const works = read();
      const at = works.findIndex((w) => w.id === work.id);
      if (at >= 0) works[at] = work;
      else works.push(work);
      try {
        storage.setItem(key, JSON.stringify(works));
      } catch {
        // Storage full or refused: the citation is inserted all the same; only the bibliography misses it.
      }
    },
    clear: () => storage.removeItem(key),
  };
}

/** Cited works kept in memory, for frames whose sessionStorage is refused (sandboxed iframes). */
export function memoryCitedWorks(): CitedWorks {
  let works: CitedWork[] = [];
  return {
    list: () => [...works],
    add(work) {
      const at = works.findIndex((w) => w.id === work.id);
      if (at >= 0) works[at] = work;
      else works = [...works, work];
    },
    clear: () => void (works = []),
  };
}
