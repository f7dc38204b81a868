import fs from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Whether the font the drawn pages need is installed (Debian's fonts-dejavu-core). */
export const canDrawArabic = fs.existsSync(DEJAVU);

/** A PNG of eight lines of Arabic prose, right to left, as a scan of a printed page would show them. */
export const drawnArabicPage = (): Buffer => drawArabic().toBuffer('image/png');

/** The same page as grey pixels (for a scanned PDF page). */
export function drawnArabicPixels(): { width: number; height: number; grey: Uint8Array } {
  const canvas = drawArabic();
  const rgba = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = Uint8Array.from({ length: canvas.width * canvas.height }, (_, i) => rgba[i * 4]!);
  return { width: canvas.width, height: canvas.height, grey };
}

function drawArabic() {
  GlobalFonts.registerFromPath(DEJAVU, 'DejaVu Sans');
  const canvas = createCanvas(1400, 900);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 1400, 900);
  g.fillStyle = '#000';
  g.font = '44px "DejaVu Sans"';
  g.direction = 'rtl';
  g.textAlign = 'right';
  const lines = [
    'كان يا ما كان في قديم الزمان',
    'مدينة كبيرة على شاطئ البحر',
    'يعيش فيها الصيادون والتجار',
    'وفي كل صباح تخرج القوارب إلى الماء',
    'ويعود الرجال في المساء بالسمك الكثير',
    'والأطفال يلعبون على الرمال الذهبية',
    'والنساء يبعن الخبز في السوق القديم',
    'وكانت الحياة بسيطة وجميلة',
  ];
  lines.forEach((line, i) => g.fillText(line, 1350, 90 + i * 100));
  return canvas;
}
