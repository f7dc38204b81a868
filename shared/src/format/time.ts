/**
 * Formats a number of seconds as a clock time, truncating fractions: `m:ss` under one hour
 * ('0:05', '12:34'), `h:mm:ss` from one hour on ('1:02:03'). Negative or non-finite input gives '0:00'.
 */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

const PLAIN_SECONDS = /^\d+(?:\.\d+)?$/;
const CLOCK = /^(?:(\d+):)?(\d+):(\d{2}(?:\.\d+)?)$/;

/**
 * Parses a time given as `h:mm:ss`, `m:ss`, `mm:ss` or plain seconds ('95', '95.5') into seconds.
 * Seconds (and minutes after an hour) must be two digits below 60; minutes without hours may exceed 59
 * ('75:00' is 4500). Surrounding whitespace is ignored. Returns null for anything else, negatives included.
 */
export function parseTime(s: string): number | null {
  const text = s.trim();
  if (PLAIN_SECONDS.test(text)) return Number(text);
  const match = CLOCK.exec(text);
  if (!match) return null;
  const [, hh, mm = '', ss = ''] = match;
  const minutes = Number(mm);
  const seconds = Number(ss);
  if (seconds >= 60) return null;
  if (hh === undefined) return minutes * 60 + seconds;
  if (mm.length !== 2 || minutes >= 60) return null;
  return Number(hh) * 3600 + minutes * 60 + seconds;
}
