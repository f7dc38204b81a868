import { describe, expect, it } from 'vitest';
import { layoutFromItems } from './pdf-layout';
import { item, VIEWPORT } from '../testing/layout-pages';

describe('layoutFromItems', () => {
  it('keeps oblique type drawn as a slant of upright type, at its upright size', () => {
    const slanted = { ...item('Aedes albopictus', 200, 100, 22), transform: [22, 0, 4.3, 22, 200, 692], height: 22.4 };
    const page = layoutFromItems([item('Breeding sites of', 72, 100, 22), slanted], VIEWPORT);
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatchObject({ text: 'Breeding sites of Aedes albopictus', size: 22 });
    // Text lying on its side is still left out.
    const rotated = { ...item('Downloaded from the archive', 20, 600, 8), transform: [0, 8, -8, 0, 20, 192] };
    expect(layoutFromItems([rotated], VIEWPORT).lines).toEqual([]);
  });

  it('takes a footnote number set a size smaller beside display type, raised, for a mark', () => {
    const title = item('Notes on Discrete Mathematics', 88, 216, 24.8);
    const mark = item('1', 470, 207, 20.7);
    const [line] = layoutFromItems([title, mark], VIEWPORT).lines;
    expect(line).toMatchObject({ text: 'Notes on Discrete Mathematics 1', plain: 'Notes on Discrete Mathematics' });
    // A number on the baseline, or a word raised as little, is text.
    const onLine = layoutFromItems([title, item('2', 470, 216, 20.7)], VIEWPORT).lines[0];
    expect(onLine?.plain).toBe('Notes on Discrete Mathematics 2');
  });
});
