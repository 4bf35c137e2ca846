// Writes web/src/features/clearance/apply/countries.json: every country (ISO 3166-1 alpha-2) named in English,
// Sinhala and Tamil. Node ships full ICU (Intl.DisplayNames names every region in si and ta); Debian's Chromium
// lacks Sinhala ICU data, so the list is made here once and checked in. Run: node web/scripts/clearance-countries.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../src/features/clearance/apply/countries.json', import.meta.url));
const names = Object.fromEntries(['en', 'si', 'ta'].map((lang) => [lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })]));
// Codes that name no sovereign country, or are reserved or private-use, stay out of the list.
const EXCLUDED = new Set(['AQ', 'BV', 'HM', 'TF', 'UM', 'EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'XK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ', 'LK']);
const countries = [];
for (let a = 65; a <= 90; a++) {
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    if (EXCLUDED.has(code)) continue;
    const en = names.en.of(code);
    if (!en || en === code) continue;
    const si = names.si.of(code);
    const ta = names.ta.of(code);
    if (!si || !ta || si === code || ta === code) throw new Error(`no si/ta name for ${code}`);
    countries.push({ code, en, si, ta });
  }
}
countries.sort((x, y) => x.en.localeCompare(y.en, 'en'));
writeFileSync(out, `${JSON.stringify(countries, null, 1)}\n`);
console.log(`${countries.length} countries → ${out}`);
