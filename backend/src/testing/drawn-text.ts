import fs from 'node:fs';
import { createCanvas, GlobalFonts, type Canvas } from '@napi-rs/canvas';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Whether the font the Arabic page needs is installed (Debian's fonts-dejavu-core). */
export const canDrawArabic = fs.existsSync(DEJAVU);

/** German prose with the letters Spanish and English models misread (ß, ü, ö). */
export const GERMAN_LINES = [
  'Die Straße heißt seit dem Frühjahr Müllerstraße',
  'und führt über die große Brücke zum Fluss.',
  'Für die Gemeinde ist das keine schöne Lösung,',
  'weil die Bürger nicht gefragt wurden und',
  'die Schüler jetzt einen längeren Weg haben.',
  'Der Bürgermeister sagt, dass er die Kritik versteht',
  'und im Herbst eine Versammlung einberufen wird.',
];

/** Arabic prose, the lines of `drawnArabicPage`. */
export const ARABIC_LINES = [
  'كان يا ما كان في قديم الزمان',
  'مدينة كبيرة على شاطئ البحر',
  'يعيش فيها الصيادون والتجار',
  'وفي كل صباح تخرج القوارب إلى الماء',
  'ويعود الرجال في المساء بالسمك الكثير',
  'والأطفال يلعبون على الرمال الذهبية',
  'والنساء يبعن الخبز في السوق القديم',
  'وكانت الحياة بسيطة وجميلة',
];

interface Page {
  width: number;
  height: number;
  /** A CSS font. */
  font: string;
  /** Where the first baseline is, and how far apart the lines are. */
  top: number;
  step: number;
  rtl?: boolean;
}

/** Lines of black text on a white page, as a scan of a printed page shows them. */
export function drawnLines(lines: readonly string[], page: Page): Canvas {
  const canvas = createCanvas(page.width, page.height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, page.width, page.height);
  g.fillStyle = '#000';
  g.font = page.font;
  if (page.rtl) {
    g.direction = 'rtl';
    g.textAlign = 'right';
  }
  const x = page.rtl ? page.width - 50 : 60;
  lines.forEach((line, i) => g.fillText(line, x, page.top + i * page.step));
  return canvas;
}

/** A canvas as grey pixels (for a scanned PDF page). */
export function greyPixels(canvas: Canvas): { width: number; height: number; grey: Uint8Array } {
  const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = Uint8Array.from({ length: canvas.width * canvas.height }, (_, i) => rgba[i * 4]!);
  return { width: canvas.width, height: canvas.height, grey };
}

function drawArabic(): Canvas {
  GlobalFonts.registerFromPath(DEJAVU, 'DejaVu Sans');
  return drawnLines(ARABIC_LINES, {
    width: 1400,
    height: 900,
    font: '44px "DejaVu Sans"',
    top: 90,
    step: 100,
    rtl: true,
  });
}

/** A PNG of eight lines of Arabic prose, right to left. */
export const drawnArabicPage = (): Buffer => drawArabic().toBuffer('image/png');

/** The same page as grey pixels. */
export const drawnArabicPixels = () => greyPixels(drawArabic());
