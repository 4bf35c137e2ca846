import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, validationMessagesEn } from '@pes/contracts';
import { flattenTexts } from '../../test/flatten-texts';

/**
 * Every text exists in English, Sinhala and Tamil. Namespaces are assembled exactly as the loader in
 * ./index.ts does it: `<ns>.json` merged with each `<ns>.<feature>.json`, and English `validation`
 * taken from the contracts.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

interface Part {
  file: string;
  data: Record<string, unknown>;
}
const parts = new Map<string, Part[]>(); // key `${lng}/${ns}`
const namespacesOnDisk = new Set<string>();
for (const [file, data] of Object.entries(files)) {
  const match = /\.\.\/\.\.\/locales\/([^/]+)\/([^./]+)(?:\.[^/]+)?\.json$/.exec(file);
  if (!match) throw new Error(`unexpected locale file name ${file}`);
  const [, lng, ns] = match as unknown as [string, string, string];
  namespacesOnDisk.add(ns);
  parts.set(`${lng}/${ns}`, [...(parts.get(`${lng}/${ns}`) ?? []), { file, data }]);
}

function namespace(lng: string, ns: string): Record<string, unknown> {
  if (lng === 'en' && ns === 'validation') return validationMessagesEn;
  return Object.assign({}, ...(parts.get(`${lng}/${ns}`) ?? []).map((p) => p.data));
}

const variables = (text: unknown) => (typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort() : []);

let NAMESPACES: readonly string[] = [];
beforeAll(async () => {
  // The i18n module starts i18next on import and sets <html lang>; give it the one DOM bit it touches.
  vi.stubGlobal('document', { documentElement: {} });
  ({ NAMESPACES } = await import('./index'));
});

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== 'en');

describe('locale files', () => {
  it('every namespace in NAMESPACES has files in every language, and every namespace on disk is in NAMESPACES', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      for (const lng of LANGUAGES) {
        if (lng === 'en' && ns === 'validation') continue;
        if (!parts.has(`${lng}/${ns}`)) problems.push(`no ${lng}/${ns}.json`);
      }
    }
    for (const ns of namespacesOnDisk) if (!NAMESPACES.includes(ns)) problems.push(`${ns} has files but is not in NAMESPACES (never loaded)`);
    expect(problems).toEqual([]);
  });

  it('English validation texts come from the contracts only', () => {
    const ignored = [...parts.keys()].filter((k) => k === 'en/validation');
    expect(ignored, 'en/validation*.json would be ignored by the loader').toEqual([]);
  });

  it('no top-level key is defined in two files of one namespace (the merge would drop one)', () => {
    const problems: string[] = [];
    for (const [key, list] of parts) {
      const seen = new Map<string, string>();
      for (const { file, data } of list) {
        for (const top of Object.keys(data)) {
          if (seen.has(top)) problems.push(`${key}: "${top}" in ${seen.get(top)} and ${file}`);
          else seen.set(top, file);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('Sinhala and Tamil have exactly the English keys, with the same {{variables}}', () => {
    const problems: string[] = [];
    for (const ns of new Set([...NAMESPACES, ...namespacesOnDisk])) {
      const en = flattenTexts(namespace('en', ns));
      for (const lng of OTHER_LANGUAGES) {
        const other = flattenTexts(namespace(lng, ns));
        for (const [key, text] of en) {
          if (!other.has(key)) problems.push(`${lng}/${ns}: missing ${key}`);
          else if (variables(text).join() !== variables(other.get(key)).join()) problems.push(`${lng}/${ns}: ${key} has other {{variables}}`);
        }
        for (const key of other.keys()) if (!en.has(key)) problems.push(`${lng}/${ns}: ${key} is not in English`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no text is empty', () => {
    const problems: string[] = [];
    for (const ns of new Set([...NAMESPACES, ...namespacesOnDisk])) {
      for (const lng of LANGUAGES) {
        for (const [key, text] of flattenTexts(namespace(lng, ns))) {
          if (typeof text !== 'string' || text.trim() === '') problems.push(`${lng}/${ns}: ${key} is empty or not text`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no text has an emoji (machines without an emoji font draw ✅ and ❌ as empty boxes; messages use the app’s icons)', () => {
    const problems: string[] = [];
    for (const ns of new Set([...NAMESPACES, ...namespacesOnDisk])) {
      for (const lng of LANGUAGES) {
        for (const [key, text] of flattenTexts(namespace(lng, ns))) {
          if (typeof text === 'string' && /\p{Emoji_Presentation}|[\u26a0\u2714\u2716]/u.test(text)) problems.push(`${lng}/${ns}: ${key}: ${text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
