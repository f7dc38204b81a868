import { describe, expect, it } from 'vitest';
import { citationJsInput } from './citation-js';
import { fileFieldLinks as read } from './file-field';

const fileFieldLinks = (raw: string) => read(raw, citationJsInput().latexText);

describe('fileFieldLinks', () => {
  it("reads JabRef's description:path:type links, with escaped colons, semicolons and Windows paths", () => {
    expect(fileFieldLinks('Description:path/to/file.pdf:PDF;Other:b\\;c.pdf:PDF')).toEqual([
      { path: 'path/to/file.pdf', title: 'Description', contentType: 'application/pdf' },
      { path: 'b;c.pdf', title: 'Other', contentType: 'application/pdf' },
    ]);
    expect(fileFieldLinks('Postprint:C\\:\\\\Users\\\\jfd1\\\\BLS Stats\\\\a.pdf:PDF')).toEqual([
      { path: 'C:\\Users\\jfd1\\BLS Stats\\a.pdf', title: 'Postprint', contentType: 'application/pdf' },
    ]);
    expect(fileFieldLinks(':2.pdf:PDF;stuff:1.pdf:PDF').map((l) => l.path)).toEqual(['2.pdf', '1.pdf']);
  });

  it("reads Zotero's own export (Full Text:files/12/x.pdf:application/pdf)", () => {
    expect(fileFieldLinks('Full Text:files/12/x.pdf:application/pdf;Snapshot:files/13/y.html:text/html')).toEqual([
      { path: 'files/12/x.pdf', title: 'Full Text', contentType: 'application/pdf' },
      { path: 'files/13/y.html', title: 'Snapshot', contentType: 'text/html' },
    ]);
  });

  it("reads Better BibTeX's bare paths, escaped backslashes as one", () => {
    expect(fileFieldLinks('/abs/path/a.pdf;/abs/path/b.pdf')).toEqual([
      { path: '/abs/path/a.pdf' },
      { path: '/abs/path/b.pdf' },
    ]);
    expect(fileFieldLinks('~\\\\BBTTEST\\\\storage\\\\W.pdf')).toEqual([{ path: '~\\BBTTEST\\storage\\W.pdf' }]);
    expect(fileFieldLinks('C:\\\\Users\\\\a.pdf')).toEqual([{ path: 'C:\\Users\\a.pdf' }]);
  });

  it("reads Mendeley's $\\backslash$ drive letters and LaTeX-escaped names", () => {
    expect(fileFieldLinks(':C$\\backslash$:/Users/ana/Mendeley/garc\\_ia 2020.pdf:pdf')).toEqual([
      { path: 'C:/Users/ana/Mendeley/garc_ia 2020.pdf', contentType: 'application/pdf' },
    ]);
    expect(fileFieldLinks(':home/ana/M{\\"{u}}ller {\\\'e}t{\\~n}.pdf:pdf')).toEqual([
      { path: 'home/ana/Müller étñ.pdf', contentType: 'application/pdf' },
    ]);
    expect(fileFieldLinks(':path/a.pdf:pdf')).toEqual([{ path: 'path/a.pdf', contentType: 'application/pdf' }]);
  });

  it('keeps URLs as written (locateFile leaves them out) and drops empty links', () => {
    expect(fileFieldLinks(':http\\://arxiv.org/pdf/0803.0142v1:PDF;;')).toEqual([
      { path: 'http://arxiv.org/pdf/0803.0142v1', contentType: 'application/pdf' },
    ]);
  });
});
