import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { AUDIT_ACTIONS, IDENTITY_DOCUMENTS, LANGUAGES, type AuditEntry } from '@pes/contracts';
import en from '../../../locales/en/admin.json';
import si from '../../../locales/si/admin.json';
import ta from '../../../locales/ta/admin.json';
import { AUDIT_CODED_WORDS, AUDIT_PLACEHOLDERS, auditSentence } from './audit-words';

const catalogues: Record<string, typeof en> = { en, si, ta };
const sayable = new Set<string>([...AUDIT_PLACEHOLDERS, ...AUDIT_CODED_WORDS]);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!);

const translator = (lng: string) => {
  const i18n = createInstance();
  void i18n.init({ lng, resources: { [lng]: { admin: catalogues[lng]! } }, defaultNS: 'admin', interpolation: { escapeValue: false } });
  return i18n.t;
};

const entry = (action: AuditEntry['action'], details: Record<string, string>): AuditEntry => ({
  id: 1,
  at: '2026-11-26T10:00:00.000Z',
  actor_user_id: 2,
  actor_username: 'officer1',
  actor_role: 'police_officer',
  actor_branch: 'Crime Branch',
  action,
  subject_type: 'complaint',
  subject_id: '3',
  summary: {},
  details,
});

// Every audit action reads as a sentence in every language, filled only with words the server gives.
describe.each(LANGUAGES)('audit log sentences in %s', (lng) => {
  const audit = catalogues[lng]!.audit as { actions: Record<string, string>; describe: Record<string, string>; words: Record<string, string> };

  it('has a name and a sentence for every action, using only the words an entry carries', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(audit.actions[action]?.trim(), action).toBeTruthy();
      expect(audit.describe[action]?.trim(), action).toBeTruthy();
      expect(
        placeholders(audit.describe[action]!).filter((p) => !sayable.has(p)),
        action,
      ).toEqual([]);
    }
    expect(Object.keys(audit.describe).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('names every document a view of identity files can show', () => {
    for (const document of IDENTITY_DOCUMENTS) expect(audit.words[document]?.trim(), document).toBeTruthy();
  });

  it('has the same coded words as English', () => {
    expect(Object.keys(audit.words).sort()).toEqual(Object.keys(en.audit.words).sort());
  });

  it('names the people and references, never leaves a placeholder unfilled, and shows codes in words', () => {
    const t = translator(lng);
    const status = auditSentence(t, entry('complaint.status', { reference: 'CMP-2026-000123', person: 'Sunil Perera', before: 'Pending', after: 'Closed' }));
    expect(status).toContain('CMP-2026-000123');
    expect(status).toContain('Sunil Perera');
    const view = auditSentence(t, entry('identity.view', { person: 'Kamala Fernando', username: 'kamala', document: 'citizen_identity' }));
    expect(view).toContain('Kamala Fernando');
    expect(view).toContain(audit.words.citizen_identity);
    const shown = auditSentence(t, entry('identity.view', { person: 'Kamala Fernando', username: 'kamala', document: 'identity_photo_front,live_photo' }));
    expect(shown).toContain(`${audit.words.identity_photo_front}, ${audit.words.live_photo}`);
    expect(auditSentence(t, entry('auth.sign_in_refused', { reason: 'wrong_area:admin' }))).toContain(audit.words.wrong_area);
    for (const action of AUDIT_ACTIONS) expect(auditSentence(t, entry(action, {})), action).not.toMatch(/\{\{|\}\}|audit\.describe/);
  });
});
