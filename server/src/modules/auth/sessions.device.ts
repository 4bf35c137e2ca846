import { isIPv4, isIPv6 } from 'node:net';

const DEVICE_MAX = 80;

/** Browsers in the order they must be tried: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

/** Systems, likewise: Android says "Linux", iPhones say "like Mac OS X". */
const SYSTEMS: Array<[name: string, pattern: RegExp]> = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * A readable name for the device a session signed in with, from its User-Agent: "Chrome 131 on Windows",
 * "Safari 17 on iOS", "Firefox on Linux"; null when it says nothing recognisable. Only this summary is kept,
 * never the header itself (a near-unique fingerprint).
 */
export function describeDevice(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const found = pattern.exec(ua);
    if (found) {
      browser = `${name} ${found[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  if (!browser && !system) return null;
  const text = browser && system ? `${browser} on ${system}` : (browser ?? system)!;
  return text.slice(0, DEVICE_MAX);
}

/** The groups of an IPv6 address written out (eight, as numbers); undefined if it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return undefined;
  const groupsOf = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [Number.parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head = '', tail] = bare.split('::');
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The network a client address belongs to, as its owner may be shown it: the IPv4 /24 ("203.0.113.0/24") or the
 * IPv6 /48 ("2001:db8:12::/48"), never the address itself. An IPv4-mapped IPv6 address is its IPv4 one.
 */
export function addressClass(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  const prefix = groups.slice(0, 3);
  while (prefix.length > 0 && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((g) => g.toString(16)).join(':')}::/48`;
}
