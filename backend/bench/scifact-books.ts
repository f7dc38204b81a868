/**
 * A large library made from the SciFact abstracts, deterministically: SciFact has 5,183 abstracts
 * (about 5,000 passages), far fewer than a benchmark of 100,000 passages needs, so each generated
 * document is a title followed by sections whose paragraphs are runs of consecutive sentences of
 * abstracts drawn by a seeded generator. Units come from the same outline → units step the structured
 * converters use (ingest/sections.ts) and passages from the real splitter, so the text, the anchors and
 * the passage sizes are those of a real reading.
 */
import type { OutlineEvent } from '../src/ingest/sections';
import { unitsFromOutline } from '../src/ingest/sections';
import { splitPassages } from '../src/ingest/passages';
import type { LibraryDocument } from './load-library';
import type { SciFactDoc } from './scifact';
import { seededRandom } from '../src/testing/seeded-random';

/** Passages per document: uniform in [MIN, MAX] (mean 33, so 100,000 passages ≈ 3,000 documents). */
const MIN_PASSAGES = 17;
const MAX_PASSAGES = 49;

/**
 * Documents until their passages add up to `passages` (the last one is cut short to land on it, give or
 * take one section). Keys are `d1`, `d2` …; titles are SciFact titles in a seeded order.
 */
export function* sciFactBooks(corpus: SciFactDoc[], passages: number, seed = 1): Generator<LibraryDocument> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const titles = corpus.map((d) => d.title);
  for (let i = titles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [titles[i], titles[j]] = [titles[j]!, titles[i]!];
  }
  const abstracts = corpus.map((d) => d.abstract).filter((a) => a.length > 0);

  /** A run of consecutive sentences of one abstract, about `words` words long. */
  const paragraph = (words: number) => {
    const abstract = pick(abstracts);
    let at = Math.floor(random() * abstract.length);
    const out: string[] = [];
    let count = 0;
    while (count < words && at < abstract.length) {
      const sentence = abstract[at++]!.trim();
      out.push(sentence);
      count += sentence.split(/\s+/).length;
    }
    return out.join(' ');
  };

  let made = 0;
  for (let n = 0; made < passages; n++) {
    const round = Math.floor(n / titles.length);
    const title = titles[n % titles.length]! + (round > 0 ? ` (${round + 1})` : '');
    const target = Math.min(between(MIN_PASSAGES, MAX_PASSAGES), passages - made);
    const outline: OutlineEvent[] = [{ kind: 'heading', level: 1, text: title }];
    let count = 0;
    for (let s = 1; count < target; s++) {
      const heading = pick(titles).split(/\s+/).slice(0, 6).join(' ');
      const section: OutlineEvent[] = [{ kind: 'heading', level: 2, text: `${s}. ${heading}` }];
      for (let p = between(3, 12); p > 0; p--) section.push({ kind: 'paragraph', text: paragraph(between(40, 120)) });
      // Passages never cross a unit, so a section's passages can be counted on their own.
      count += splitPassages(unitsFromOutline(section)).length;
      outline.push(...section);
    }
    made += count;
    yield { key: `d${n + 1}`, title, units: unitsFromOutline(outline) };
  }
}
