// Writes the one country list: every current ISO 3166-1 alpha-2 country named in English, Sinhala and Tamil.
//   web/src/lib/countries/countries.json  code, en, si, ta: the web loads it lazily (names in the reader's language)
//   contracts/src/countries.ts                        code, en: the rule both server and web check a country with
// Node ships full ICU (Intl.DisplayNames names every region in si and ta); Debian's Chromium lacks Sinhala ICU
// data, so the list is made here once and checked in. Run: node web/scripts/clearance-countries.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const webOut = fileURLToPath(new URL('../src/lib/countries/countries.json', import.meta.url));
const contractsOut = fileURLToPath(new URL('../../contracts/src/countries.ts', import.meta.url));
const names = Object.fromEntries(['en', 'si', 'ta'].map((lang) => [lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })]));
// Codes that name no sovereign country, or are reserved or private-use, stay out of the list. Sri Lanka stays in
// (a delivery address is often here); the notice of missions abroad leaves it out.
const EXCLUDED = new Set(['AQ', 'BV', 'HM', 'TF', 'UM', 'EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'XK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ']);
// Codes ICU still names but ISO 3166-1 no longer assigns (deprecated, transitionally reserved or only reserved):
// each repeats a current country's name (FX France, DD Germany, SU Russia, YU and CS Serbia…).
const NOT_CURRENT = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'NT', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR']);
const countries = [];
for (let a = 65; a <= 90; a++) {
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    if (EXCLUDED.has(code) || NOT_CURRENT.has(code)) continue;
    const en = names.en.of(code);
    if (!en || en === code) continue;
    const si = names.si.of(code);
    const ta = names.ta.of(code);
    if (!si || !ta || si === code || ta === code) throw new Error(`no si/ta name for ${code}`);
    countries.push({ code, en, si, ta });
  }
}
// One name is one country, in every language: a repeat means a code above is not a current one.
for (const lang of ['en', 'si', 'ta']) {
  const seen = new Map();
  for (const c of countries) {
    if (seen.has(c[lang])) throw new Error(`${lang} name "${c[lang]}" is both ${seen.get(c[lang])} and ${c.code}`);
    seen.set(c[lang], c.code);
  }
}
countries.sort((x, y) => x.en.localeCompare(y.en, 'en'));
writeFileSync(webOut, `${JSON.stringify(countries, null, 2)}\n`);

// Quoted as Prettier would (single quotes unless the text holds one).
const quote = (s) => (s.includes("'") ? JSON.stringify(s) : `'${s}'`);
const lines = countries.map((c) => `  { code: '${c.code}', en: ${quote(c.en)} },`);
writeFileSync(
  contractsOut,
  `// Written by web/scripts/clearance-countries.mjs (current ISO 3166-1 alpha-2 codes, English names from ICU): do not edit.
// The names in Sinhala and Tamil are in web/src/lib/countries/countries.json, which the web loads when needed.

/** Every country an application can name, by its English name: the name records keep. */
export const COUNTRIES = [
${lines.join('\n')}
] as const satisfies readonly { code: string; en: string }[];
`,
);
console.log(`${countries.length} countries → ${webOut}, ${contractsOut}`);
