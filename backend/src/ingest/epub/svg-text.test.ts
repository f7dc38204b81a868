import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { svgParagraphs, type SvgNode } from './svg-text';

/** The first <svg> of an HTML fragment, parsed as the EPUB reader parses its documents. */
function svg(markup: string): SvgNode {
  const { document } = parseHTML(`<!doctype html><html><body><div>${markup}</div></body></html>`);
  return document.querySelector('svg') as unknown as SvgNode;
}

const SVG = (body: string) =>
  svg(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><style>.a{fill:red}</style>${body}</svg>`);

describe('svgParagraphs', () => {
  it('reads each <text> as a paragraph, in document order', () => {
    expect(svgParagraphs(SVG('<text x="1" y="10">Sous le vent</text><g><text x="1" y="5">Roman</text></g>'))).toEqual([
      'Sous le vent',
      'Roman',
    ]);
  });

  it('joins the lines of a block, pieces of a line as written, and a line-end hyphen without a space', () => {
    const block =
      '<text transform="matrix(1 0 0 1 68 227)">' +
      '<tspan x="0,4,9" y="0">né en 1946, est l’auteur </tspan>' +
      '<tspan x="-12" y="15.25">de plus de soixante-dix romans</tspan><tspan x="243" y="15.25"> </tspan>' +
      '<tspan x="-12" y="30.5">l’autre av</tspan><tspan x="191" y="30.5">ec Thierry Jean-</tspan>' +
      '<tspan x="-12" y="45.75">Hugues Oppel.</tspan></text>';
    expect(svgParagraphs(SVG(block))).toEqual([
      'né en 1946, est l’auteur de plus de soixante-dix romans l’autre avec Thierry Jean-Hugues Oppel.',
    ]);
  });

  it('starts a new paragraph where the line gap widens, or where the text moves back up', () => {
    const block =
      '<text><tspan y="0">Premier</tspan><tspan y="15">paragraphe.</tspan><tspan y="30">Encore.</tspan>' +
      '<tspan y="75">Second paragraphe</tspan><tspan y="90">ici.</tspan>' +
      '<tspan y="10">Autre colonne.</tspan></text>';
    expect(svgParagraphs(SVG(block))).toEqual([
      'Premier paragraphe. Encore.',
      'Second paragraphe ici.',
      'Autre colonne.',
    ]);
  });

  it('follows dy, nested tspans and textPath, and leaves out what is never drawn', () => {
    const block =
      '<defs><text id="t">modèle</text></defs><title>titre</title><desc>description</desc>' +
      '<text y="20">Une <tspan font-style="italic">ligne <tspan>imbriquée</tspan></tspan>' +
      '<tspan x="0" dy="12">et la suivante</tspan></text>' +
      '<text><textPath href="#p">Sur un chemin</textPath></text><text>   </text>';
    expect(svgParagraphs(SVG(block))).toEqual(['Une ligne imbriquée et la suivante', 'Sur un chemin']);
  });

  it('gives nothing for a drawing without text', () => {
    expect(svgParagraphs(SVG('<rect width="10" height="10"></rect><image href="a.jpg"></image>'))).toEqual([]);
  });
});
