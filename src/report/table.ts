/** Display width: CJK and other wide characters take two columns. */
export function width(s: string): number {
  let w = 0;
  for (const ch of s.replace(/\x1b\[[0-9;]*m/g, '')) {
    const c = ch.codePointAt(0)!;
    w +=
      c >= 0x1100 &&
      (c <= 0x115f ||
        (c >= 0x2e80 && c <= 0xa4cf) ||
        (c >= 0xac00 && c <= 0xd7a3) ||
        (c >= 0xf900 && c <= 0xfaff) ||
        (c >= 0xfe30 && c <= 0xfe4f) ||
        (c >= 0xff00 && c <= 0xff60) ||
        (c >= 0xffe0 && c <= 0xffe6) ||
        (c >= 0x1f300 && c <= 0x1faff) ||
        (c >= 0x20000 && c <= 0x3fffd))
        ? 2
        : 1;
  }
  return w;
}

export function pad(s: string, n: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, n - width(s)));
  return right ? fill + s : s + fill;
}

/** Plain aligned columns; `right` lists the numeric columns. */
export function table(header: string[], rows: string[][], right: Set<number> = new Set()): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => pad(c ?? '', widths[i], right.has(i)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

/**
 * An integer with en-US thousands separators ("12,345"). By hand: ICU's number formatter costs a
 * small run ~10 ms to set up; anything but a safe integer still goes to it.
 */
export const fmtInt = (n: number): string =>
  Number.isSafeInteger(n) && !Object.is(n, -0) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
