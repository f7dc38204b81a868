import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import fs from 'node:fs';
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2]!)), verbosity: 0 }).promise;
const page = await doc.getPage(1);
const ol = await page.getOperatorList();
ol.fnArray.forEach((fn, i) => {
  if (fn === OPS.showText) console.log(JSON.stringify((ol.argsArray[i][0] as any[]).map((g) => (typeof g === 'object' && g ? g.unicode : g))));
});
const tc = await page.getTextContent();
for (const it of tc.items as any[]) console.log(JSON.stringify(it.str), it.dir);
