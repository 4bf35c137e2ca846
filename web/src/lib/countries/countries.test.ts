import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@pes/contracts';
import list from './countries.json';

// The one country list (web/scripts/clearance-countries.mjs): current ISO 3166-1 codes only, each country once.
describe('the country list', () => {
  it('names no code twice, and no country twice in any language', () => {
    for (const key of ['code', 'en', 'si', 'ta'] as const) {
      const values = list.map((c) => c[key]);
      const repeated = values.filter((v, i) => values.indexOf(v) !== i);
      expect(repeated, key).toEqual([]);
    }
  });

  it('holds no deprecated or transitional code', () => {
    const codes = new Set(list.map((c) => c.code));
    for (const old of ['FX', 'DD', 'SU', 'YU', 'CS', 'ZR', 'TP', 'BU', 'AN', 'UK', 'DY', 'HV', 'NH', 'RH', 'VD', 'YD']) expect(codes.has(old), old).toBe(false);
    expect(codes.has('FR') && codes.has('DE') && codes.has('RU') && codes.has('RS') && codes.has('LK')).toBe(true);
  });

  it('is the list contracts check a country against, code for code and name for name', () => {
    expect(list.map((c) => [c.code, c.en])).toEqual(COUNTRIES.map((c) => [c.code, c.en]));
  });
});
