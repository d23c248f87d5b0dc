/** Formats: date, time, date-time (RFC 3339 §5.6, leap seconds only at 23:59:60 UTC) and duration (RFC 3339 appendix A). */

function _ymd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

/** The two ASCII digits at i..i+1 as a number, or -1. */
function _d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48,
    b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** RFC 3339 full-date at s[i..i+10). */
function _date(s: string, i: number): boolean {
  if (s.charCodeAt(i + 4) !== 45 || s.charCodeAt(i + 7) !== 45) return false;
  const c = _d2(s, i),
    y = _d2(s, i + 2);
  return c >= 0 && y >= 0 && _ymd(c * 100 + y, _d2(s, i + 5), _d2(s, i + 8));
}

/** RFC 3339 full-time from s[i] to the end (offset required; leap second only at 23:59:60 UTC). */
function _time(s: string, i: number): boolean {
  if (s.length < i + 9 || s.charCodeAt(i + 2) !== 58 || s.charCodeAt(i + 5) !== 58) return false;
  const h = _d2(s, i),
    min = _d2(s, i + 3),
    sec = _d2(s, i + 6);
  if (h < 0 || h > 23 || min < 0 || min > 59 || sec < 0 || sec > 60) return false;
  let j = i + 8;
  if (s.charCodeAt(j) === 46) {
    const start = ++j;
    while (j < s.length && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j === start) return false;
  }
  const z = s.charCodeAt(j);
  let offset = 0;
  if (z === 90 || z === 122) {
    if (j + 1 !== s.length) return false;
  } else if (z === 43 || z === 45) {
    if (j + 6 !== s.length || s.charCodeAt(j + 3) !== 58) return false;
    const oh = _d2(s, j + 1),
      om = _d2(s, j + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    offset = (z === 45 ? -1 : 1) * (oh * 60 + om);
  } else return false;
  if (sec < 60) return true;
  return (((h * 60 + min - offset) % 1440) + 1440) % 1440 === 1439;
}

export function _fDate(s: string): boolean {
  return s.length === 10 && _date(s, 0);
}

export function _fTime(s: string): boolean {
  return _time(s, 0);
}

export function _fDateTime(s: string): boolean {
  const t = s.charCodeAt(10);
  return (t === 84 || t === 116) && _date(s, 0) && _time(s, 11);
}

const _reDuration = new RegExp(
  '^P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$',
  'u',
);

export function _fDuration(s: string): boolean {
  return _reDuration.test(s);
}
