import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { attachmentLocation, baseAttachmentPathIn, LINK_MODE } from './attachment-path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-zotero-prefs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('attachmentLocation', () => {
  it('places a stored file under storage/<attachment key>/', () => {
    expect(
      attachmentLocation(
        { key: 'ABCD2345', linkMode: LINK_MODE.importedFile, path: 'storage:Un artículo.pdf' },
        '/datos',
        undefined,
      ),
    ).toEqual({ path: '/datos/storage/ABCD2345/Un artículo.pdf', link: 'stored' });
  });

  it('keeps an absolute linked path and resolves a relative one against the base folder', () => {
    expect(
      attachmentLocation({ key: 'K', linkMode: LINK_MODE.linkedFile, path: '/libros/a.pdf' }, '/datos', undefined),
    ).toEqual({
      path: '/libros/a.pdf',
      link: 'linked',
    });
    expect(
      attachmentLocation(
        { key: 'K', linkMode: LINK_MODE.linkedFile, path: 'attachments:cap/b.pdf' },
        '/datos',
        '/base',
      ),
    ).toEqual({ path: '/base/cap/b.pdf', link: 'linked' });
  });

  it('says why when a relative linked file has no base folder to resolve against', () => {
    const found = attachmentLocation(
      { key: 'K', linkMode: LINK_MODE.linkedFile, path: 'attachments:b.pdf' },
      '/datos',
      undefined,
    );
    expect(found.path).toBeUndefined();
    expect(found).toMatchObject({ motivo: expect.stringContaining('baseAttachmentPath') });
  });
});

describe('baseAttachmentPathIn', () => {
  it("reads the base folder from a profile's prefs.js, unescaping it", () => {
    const prefs = path.join(dir, 'prefs.js');
    fs.writeFileSync(
      prefs,
      [
        '// Mozilla User Preferences',
        'user_pref("extensions.zotero.dataDir", "C:\\\\Users\\\\ana\\\\Zotero");',
        'user_pref("extensions.zotero.baseAttachmentPath", "C:\\\\Users\\\\ana\\\\Lecturas \\"2024\\"");',
      ].join('\n'),
    );
    expect(baseAttachmentPathIn(prefs)).toBe('C:\\Users\\ana\\Lecturas "2024"');
  });

  it('gives undefined with no prefs.js, or one without the setting', () => {
    expect(baseAttachmentPathIn(path.join(dir, 'absent.js'))).toBeUndefined();
    const prefs = path.join(dir, 'other.js');
    fs.writeFileSync(prefs, 'user_pref("extensions.zotero.dataDir", "/home/ana/Zotero");\n');
    expect(baseAttachmentPathIn(prefs)).toBeUndefined();
  });
});
