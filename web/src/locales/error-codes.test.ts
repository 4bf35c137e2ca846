import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, LANGUAGES } from '@pes/contracts';
import { flattenTexts } from '../test/flatten-texts';

/**
 * The server's error codes (contracts ERROR_CATALOGUE) and the `errors` namespace in every language stay
 * in step: each code has a text in each language, and no language keeps a text for a code that is gone.
 * The namespace is assembled as the i18n loader does it: `errors.json` merged with each `errors.<feature>.json`.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/errors*.json', { eager: true, import: 'default' });

/** Texts the web shows for its own failures, not for a server code. */
const CLIENT_ONLY_KEYS = ['generic', 'network'];

function errorTexts(lng: string) {
  const parts = Object.entries(files).filter(([file]) => new RegExp(`^\\./${lng}/errors(\\.[^/]+)?\\.json$`).test(file));
  return flattenTexts(Object.assign({}, ...parts.map(([, data]) => data)));
}

const codes = Object.keys(ERROR_CATALOGUE);

describe.each(LANGUAGES)('error texts in %s', (lng) => {
  const texts = errorTexts(lng);

  it('has a text for every code the server answers with', () => {
    const missing = codes.filter((code) => {
      const text = texts.get(code);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('has no text for a code the server no longer has', () => {
    const stale = [...texts.keys()].filter((key) => !codes.includes(key) && !CLIENT_ONLY_KEYS.includes(key));
    expect(stale).toEqual([]);
  });

  it('uses only the placeholders the server fills (its catalogue message’s), so none shows unfilled', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!);
    const unfilled = codes.flatMap((code) => {
      const text = texts.get(code);
      const given = placeholders(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].message);
      return typeof text === 'string'
        ? placeholders(text)
            .filter((name) => !given.includes(name))
            .map((name) => `${code}: {{${name}}}`)
        : [];
    });
    expect(unfilled).toEqual([]);
  });

  it('has the texts of the web’s own failures', () => {
    expect(CLIENT_ONLY_KEYS.filter((key) => typeof texts.get(key) !== 'string')).toEqual([]);
  });
});

it('finds the errors namespace of every language (the test reads real files)', () => {
  for (const lng of LANGUAGES) expect(errorTexts(lng).size).toBeGreaterThan(codes.length);
});
