// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@pes/contracts';
import { SessionContext, type SessionState } from '../session/session-context';
import { peekSessionEnded, recordSessionEnded } from '../session/session-ended';
import { draftKey, readDraft, writeDraft } from './drafts';
import { useFormDraft } from './use-form-draft';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const citizen = (id: number): CurrentUser => ({
  id,
  username: `c${id}`,
  role: 'citizen',
  branch: null,
  station: null,
  officerId: null,
  identity_number: null,
  identity_type: null,
  full_name: null,
  address: null,
});

const EMPTY = { story: '', password: '' };

/** A plain form with a kept field and a never-kept one, the way the anonymous report uses the hook. */
function Form() {
  const [values, setValues] = useState(EMPTY);
  const draft = useFormDraft({ form: 'test-form', values, empty: EMPTY, exclude: ['password'], restore: setValues });
  return (
    <form>
      <label htmlFor="story">Story</label>
      <textarea id="story" value={values.story} onChange={(e) => setValues((v) => ({ ...v, story: e.target.value }))} />
      <label htmlFor="password">Password</label>
      <input id="password" type="password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
      {draft.restored ? <p>restored</p> : null}
      <output data-testid="unsaved">{String(draft.hasInput)}</output>
      <button type="button" onClick={draft.discard}>
        Sent
      </button>
    </form>
  );
}

function inSession(state: SessionState) {
  const value = {
    state,
    user: state.status === 'authenticated' ? state.user : null,
    signIn: () => Promise.reject(new Error('not in this test')),
    startSession: () => Promise.reject(new Error('not in this test')),
    signOut: () => Promise.resolve(),
    refresh: () => Promise.resolve(),
  };
  return (
    <SessionContext.Provider value={value}>
      <Form />
    </SessionContext.Provider>
  );
}
const unsaved = () => screen.getByTestId('unsaved').textContent;
const signedIn = (id: number): SessionState => ({ status: 'authenticated', user: citizen(id) });

describe('useFormDraft', () => {
  it("keeps what is typed (never the password) under the account's key and puts it back on the next mount", () => {
    const first = render(inSession(signedIn(7)));
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: 'The bus did not stop.' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret@123' } });
    expect(readDraft(draftKey('test-form', 7))).toEqual({ story: 'The bus did not stop.' });
    expect(unsaved()).toBe('true');
    first.unmount();

    render(inSession(signedIn(7)));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Story').value).toBe('The bus did not stop.');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.getByText('restored')).toBeTruthy();
  });

  it("never shows one account's draft to another", () => {
    writeDraft(draftKey('test-form', 7), { story: 'private' });
    render(inSession(signedIn(8)));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Story').value).toBe('');
    expect(screen.queryByText('restored')).toBeNull();
  });

  it('waits for the session before reading a draft', () => {
    writeDraft(draftKey('test-form', 7), { story: 'kept' });
    const view = render(inSession({ status: 'checking' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Story').value).toBe('');
    view.rerender(inSession(signedIn(7)));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Story').value).toBe('kept');
  });

  it('keeps nothing for an untouched form, and nothing is unsaved', () => {
    render(inSession({ status: 'anonymous' }));
    expect(readDraft(draftKey('test-form'))).toBeNull();
    expect(unsaved()).toBe('false');
  });

  it('after discard (a successful submit) removes the draft and stops warning, until the user types again', () => {
    render(inSession({ status: 'anonymous' }));
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: 'sent' } });
    expect(readDraft(draftKey('test-form'))).toEqual({ story: 'sent' });
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    expect(unsaved()).toBe('false');
    expect(readDraft(draftKey('test-form'))).toBeNull();
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: 'sent, and more' } });
    expect(unsaved()).toBe('true');
    expect(readDraft(draftKey('test-form'))).toEqual({ story: 'sent, and more' });
  });

  it('tells the session-ended notice whether an open form was kept', () => {
    render(inSession(signedIn(7)));
    recordSessionEnded('/complaints/crime');
    expect(peekSessionEnded()).toEqual({ path: '/complaints/crime', formKept: false });
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: 'half written' } });
    recordSessionEnded('/complaints/crime?x=1');
    expect(peekSessionEnded()).toEqual({ path: '/complaints/crime?x=1', formKept: true });
    expect(sessionStorage.getItem('returnTo')).toBe('/complaints/crime?x=1');
  });
});
