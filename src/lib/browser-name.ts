/**
 * A browser and its system named from a User-Agent, as a person knows them ('Chrome', 'Windows'); what cannot be
 * told is undefined. The order matters: Edge, Opera and Samsung Internet also call themselves Chrome and Safari, and
 * Chrome on iOS calls itself Safari too.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: ReadonlyArray<[RegExp, string]>, text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function browserOf(userAgent: string): { browser?: string; system?: string } {
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
