// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearAllDrafts,
  clearOtherAccountsDrafts,
  draftKey,
  hasAccountDrafts,
  signOutCount,
  hasInput,
  keepable,
  readDraft,
  removeDraft,
  writeDraft,
} from './drafts';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('draft keys', () => {
  it('names the form, and the account where someone is signed in', () => {
    expect(draftKey('signup')).toBe('pes.draft.signup');
    expect(draftKey('signup', null)).toBe('pes.draft.signup');
    expect(draftKey('complaint-crime', 42)).toBe('pes.draft.complaint-crime@42');
    expect(draftKey('complaint-crime', 42)).not.toBe(draftKey('complaint-crime', 43));
  });
});

describe('what a draft keeps', () => {
  it('leaves out excluded fields (passwords) and files, at any depth', () => {
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    const file = new File(['y'], 'evidence.png', { type: 'image/png' });
    const kept = keepable(
      {
        username: 'nimal',
        password: 'Secret@123',
        live_photo: photo,
        nested: { file, note: 'kept' },
        list: [file, 'a'],
        court_required: false,
        missing: undefined,
      },
      ['password'],
    );
    expect(kept).toEqual({ username: 'nimal', nested: { note: 'kept' }, list: [null, 'a'], court_required: false });
    expect(JSON.stringify(kept)).not.toContain('Secret');
  });
});

describe('whether anything was typed', () => {
  const empty = { name: '', type: 'NIC', photo: null as Blob | null, court: false };
  it('is false for the untouched form, however its blanks are spelt', () => {
    expect(hasInput({ ...empty }, empty)).toBe(false);
    expect(hasInput({ name: undefined, type: 'NIC', photo: null, court: false } as unknown as typeof empty, empty)).toBe(false);
    expect(hasInput({ type: 'NIC' } as typeof empty, empty)).toBe(false);
  });
  it('is true for typed text, a changed choice, a ticked box or a taken photo', () => {
    expect(hasInput({ ...empty, name: 'Nimal' }, empty)).toBe(true);
    expect(hasInput({ ...empty, type: 'Passport' }, empty)).toBe(true);
    expect(hasInput({ ...empty, court: true }, empty)).toBe(true);
    expect(hasInput({ ...empty, photo: new Blob(['x']) as Blob | null }, empty)).toBe(true);
  });
  it('counts a field that is never kept (a password alone is still input to lose)', () => {
    expect(hasInput({ password: 'Secret@123' }, { password: '' })).toBe(true);
  });
  it('compares nested values', () => {
    expect(hasInput({ spouse: { name: '' }, rows: [] }, { spouse: { name: '' }, rows: [] })).toBe(false);
    expect(hasInput({ spouse: { name: 'Kamala' }, rows: [] }, { spouse: { name: '' }, rows: [] })).toBe(true);
    expect(hasInput({ spouse: { name: '' }, rows: [{ a: '1' }] }, { spouse: { name: '' }, rows: [] })).toBe(true);
  });
});

describe('storage', () => {
  it('writes, reads back and removes a draft', () => {
    const key = draftKey('issue-fine', 7);
    expect(readDraft(key)).toBeNull();
    writeDraft(key, { vehicle_number: 'WP CAB-1234', court_required: true });
    expect(readDraft(key)).toEqual({ vehicle_number: 'WP CAB-1234', court_required: true });
    removeDraft(key);
    expect(readDraft(key)).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    sessionStorage.setItem(draftKey('signup'), '{not json');
    expect(readDraft(draftKey('signup'))).toBeNull();
    sessionStorage.setItem(draftKey('signup'), '[1,2]');
    expect(readDraft(draftKey('signup'))).toBeNull();
  });

  it('on sign-out removes every draft of the tab and nothing else', () => {
    writeDraft(draftKey('signup'), { first_name: 'Nimal' });
    writeDraft(draftKey('complaint-crime', 3), { what_happened: 'x' });
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('app_role', 'citizen');
    localStorage.setItem('language', 'si');
    const before = signOutCount();
    clearAllDrafts();
    expect(signOutCount()).toBe(before + 1);
    expect(readDraft(draftKey('signup'))).toBeNull();
    expect(readDraft(draftKey('complaint-crime', 3))).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('t');
    expect(sessionStorage.getItem('app_role')).toBe('citizen');
    expect(localStorage.getItem('language')).toBe('si');
  });

  it("on signing in removes other accounts' drafts, keeping the account's own and signed-out ones", () => {
    writeDraft(draftKey('complaint-crime', 3), { what_happened: 'mine' });
    writeDraft(draftKey('complaint-crime', 4), { what_happened: 'someone else' });
    writeDraft(draftKey('issue-fine', 40), { vehicle_number: 'WP CAB-1234' });
    writeDraft(draftKey('anonymous-report'), { what: 'seen' });
    expect(hasAccountDrafts()).toBe(true);
    clearOtherAccountsDrafts(3);
    expect(readDraft(draftKey('complaint-crime', 3))).toEqual({ what_happened: 'mine' });
    expect(readDraft(draftKey('complaint-crime', 4))).toBeNull();
    expect(readDraft(draftKey('issue-fine', 40))).toBeNull();
    expect(readDraft(draftKey('anonymous-report'))).toEqual({ what: 'seen' });
  });
});

describe('kept drafts of signed-in accounts', () => {
  it('are told apart from those of signed-out forms', () => {
    expect(hasAccountDrafts()).toBe(false);
    writeDraft(draftKey('signup'), { first_name: 'Nimal' });
    writeDraft(draftKey('clearance'), { step: 2 });
    expect(hasAccountDrafts()).toBe(false);
    writeDraft(draftKey('issue-fine', 40), { vehicle_number: 'WP CAB-1234' });
    expect(hasAccountDrafts()).toBe(true);
  });
});
