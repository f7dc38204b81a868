import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropCitationEngines, heldCitationEngines, keepCitationEnginesFor } from './citeproc-engines';
import { cslItem } from './csl-item';
import { bundledStyle, formatCitations } from './registry';

const item = (id: string, titulo: string, autores: string[]) =>
  cslItem(id, { titulo, autores, anio: 2019, tipo: 'pdf' });

describe('citeproc engines held while used', () => {
  afterEach(() => {
    dropCitationEngines();
    keepCitationEnginesFor(5 * 60_000);
  });

  it('reuses one engine per style and locale, each time with the items of that call', () => {
    keepCitationEnginesFor(60_000);
    const ana = item('a', 'Cenotes de Yucatán', ['Chablé, Ana']);
    const ben = item('b', 'Selvas secas', ['Ortiz, Benito']);
    const first = formatCitations(bundledStyle('apa'), 'en-US', [ana], [{ id: 'a' }]);
    const second = formatCitations(bundledStyle('apa'), 'en-US', [ben], [{ id: 'b' }]);
    expect(heldCitationEngines()).toBe(1);
    expect(first.citations[0]).toBe('(Chablé, 2019)');
    expect(second.citations[0]).toBe('(Ortiz, 2019)');
    // The second call's items only: the first call's item is not in its bibliography.
    expect(second.bibliography.join('')).not.toContain('Cenotes');
    formatCitations(bundledStyle('ieee'), 'en-US', [ana], [{ id: 'a' }]);
    expect(heldCitationEngines()).toBe(2);
    expect(() => formatCitations(bundledStyle('apa'), 'en-US', [ana], [{ id: 'b' }])).toThrow(/Cannot find entry/);
  });

  it('drops an engine after the idle time and formats the same with a new one', () => {
    // The clock is faked: formatting is slow on a busy machine, and the idle time is measured from each use.
    vi.useFakeTimers();
    try {
      keepCitationEnginesFor(1000);
      const ana = item('a', 'Cenotes de Yucatán', ['Chablé, Ana', 'Fernanda, Luisa']);
      const format = () => formatCitations(bundledStyle('chicago-author-date'), 'es-ES', [ana], [{ id: 'a' }]);
      const before = format();
      expect(heldCitationEngines()).toBe(1);
      vi.advanceTimersByTime(800);
      format(); // used again: kept another second from now
      vi.advanceTimersByTime(800);
      expect(heldCitationEngines()).toBe(1);
      vi.advanceTimersByTime(300);
      expect(heldCitationEngines()).toBe(0);
      expect(format()).toEqual(before);
      expect(before.citations[0]).toContain('Chablé');
    } finally {
      vi.useRealTimers();
    }
  });
});
