import { describe, expect, it } from 'vitest';
import { addressClass, describeDevice } from './sessions.device';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 25 on Android',
    ],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36', 'Chrome 130 on Android'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari 18 on macOS'],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36', 'Chrome 142 on Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36', 'Chrome 129 on ChromeOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', 'Opera 106 on Windows'],
  ])('%s', (ua, expected) => expect(describeDevice(ua)).toBe(expected));

  it('says nothing for a missing or unrecognisable header, and keeps the summary short', () => {
    expect(describeDevice(undefined)).toBeNull();
    expect(describeDevice('')).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBeNull();
    expect(describeDevice('lightMyRequest')).toBeNull();
    expect(describeDevice(`Firefox/1${'9'.repeat(200)} Windows`)!.length).toBeLessThanOrEqual(80);
  });
});

describe('addressClass', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['127.0.0.1', '127.0.0.0/24'],
    ['2001:db8:12:34::1', '2001:db8:12::/48'],
    ['2001:0db8:0000:ffff:1:2:3:4', '2001:db8::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['::1', '::/48'],
  ])('%s → %s', (ip, expected) => expect(addressClass(ip)).toBe(expected));

  it('never keeps anything of what is not an address', () => {
    expect(addressClass(undefined)).toBeNull();
    expect(addressClass('not-an-ip')).toBeNull();
    expect(addressClass('999.1.1.1')).toBeNull();
  });
});
