import { describe, expect, it } from 'vitest';
import { documentEntries } from './documents';

describe('documentEntries', () => {
  it("lists the known documents in the form's order, then other names alphabetically", () => {
    expect(
      documentEntries({ nicBack: '/uploads/b', extra: '/uploads/x', passportPersonalPage: '/uploads/p', nicFront: '/uploads/f', another: '/uploads/a' }),
    ).toEqual([
      { name: 'passportPersonalPage', known: true, url: '/uploads/p' },
      { name: 'nicFront', known: true, url: '/uploads/f' },
      { name: 'nicBack', known: true, url: '/uploads/b' },
      { name: 'another', known: false, url: '/uploads/a' },
      { name: 'extra', known: false, url: '/uploads/x' },
    ]);
  });

  it('reads the map when it arrives as JSON text', () => {
    expect(documentEntries('{"nicBack":"/uploads/b","nicFront":"/uploads/f"}').map((d) => d.name)).toEqual(['nicFront', 'nicBack']);
  });

  it('leaves out empty and non-text values, and answers nothing for text that is not a map', () => {
    expect(documentEntries({ nicFront: '', nicBack: 3, newNicFront: null, birthCertificateFront: '/uploads/c' })).toEqual([
      { name: 'birthCertificateFront', known: true, url: '/uploads/c' },
    ]);
    expect(documentEntries('not json')).toEqual([]);
    expect(documentEntries('["/uploads/a"]')).toEqual([]);
    expect(documentEntries(null)).toEqual([]);
  });
});
