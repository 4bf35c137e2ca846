import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../session/session-context';
import { registerOpenForm } from '../session/session-ended';
import { draftKey, hasInput as anyInput, keepable, readDraft, removeDraft, signOutCount, writeDraft } from './drafts';

export interface FormDraft {
  /** Whether the form holds input that has not been sent (the leave-page warning asks first). */
  hasInput: boolean;
  /** Read when a navigation starts: the latest answer, even within the event that submitted the form. */
  isUnsaved(): boolean;
  /** After a successful submit, or when the user chooses to leave: the draft is removed and nothing warns. */
  discard(): void;
  /** True once a kept draft was put back into the form. */
  restored: boolean;
}

/**
 * Keeps a form's values as a draft in this tab (see ./drafts) and puts them back when the form mounts.
 * `values` are the form's current values (react-hook-form's watch(), or the state of a plain form), `empty`
 * what the untouched form holds; `exclude` names fields never kept (passwords); files are never kept.
 * `restore` receives the untouched values with the draft laid over them (react-hook-form: reset).
 * The draft belongs to the signed-in account: it waits until the session is known.
 */
export function useFormDraft<T extends Record<string, unknown>>({
  form,
  values,
  empty,
  exclude = [],
  restore,
}: {
  form: string;
  values: T;
  empty: T;
  exclude?: ReadonlyArray<keyof T>;
  restore: (values: T) => void;
}): FormDraft {
  const { state } = useSession();
  const key = state.status === 'checking' ? null : draftKey(form, state.status === 'authenticated' ? state.user.id : null);
  // The first account the form was opened for: once the session changes (signed out), the form is no longer theirs.
  const [ownerKey, setOwnerKey] = useState<string | null>(null);
  if (key !== null && ownerKey === null) setOwnerKey(key);

  const kept = keepable(values, exclude);
  const keptJson = JSON.stringify(kept);
  const typed = anyInput(values, empty);
  // What the form held when it was last discarded (a successful submit that leaves the values in place).
  const [settledJson, setSettledJson] = useState<string | null>(null);
  const unsaved = typed && keptJson !== settledJson && key !== null && key === ownerKey;

  const unsavedRef = useRef(unsaved);
  const restoreRef = useRef(restore);
  const emptyRef = useRef(empty);
  useLayoutEffect(() => {
    unsavedRef.current = unsaved;
    restoreRef.current = restore;
    emptyRef.current = empty;
  });

  // Once per account: the kept draft (read when the account is known) goes back into the form.
  const [loaded, setLoaded] = useState<{ key: string; saved: Partial<T> | null } | null>(null);
  if (key !== null && key === ownerKey && loaded?.key !== key) setLoaded({ key, saved: readDraft<T>(key) });
  const loadedKey = loaded?.key ?? null;
  const justRestored = useRef(false);
  useEffect(() => {
    if (!loaded?.saved) return;
    justRestored.current = true;
    restoreRef.current({ ...emptyRef.current, ...loaded.saved });
  }, [loaded]);

  // Every change is kept; an untouched (or just submitted) form keeps nothing.
  useEffect(() => {
    if (key === null || key !== loadedKey) return;
    if (justRestored.current) {
      // This run still sees the values from before the draft was put back; the next one keeps them.
      justRestored.current = false;
      return;
    }
    if (keptJson === settledJson) return;
    if (!typed) removeDraft(key);
    else writeDraft(key, JSON.parse(keptJson) as Record<string, unknown>);
  }, [key, loadedKey, keptJson, typed, settledJson]);

  // The API client asks, on a 401, whether a form's input is being kept.
  useEffect(() => registerOpenForm(() => unsavedRef.current), []);

  const keyRef = useRef(key);
  const keptJsonRef = useRef(keptJson);
  useLayoutEffect(() => {
    keyRef.current = key;
    keptJsonRef.current = keptJson;
  });
  const discard = useCallback(() => {
    unsavedRef.current = false;
    setSettledJson(keptJsonRef.current);
    if (keyRef.current) removeDraft(keyRef.current);
  }, []);
  // Signing out discards the drafts; the navigation that follows it (to home or a sign-in page) must not ask,
  // even when it starts before this form has re-rendered.
  const [signOutsAtMount] = useState(signOutCount);
  const isUnsaved = useCallback(() => unsavedRef.current && signOutCount() === signOutsAtMount, [signOutsAtMount]);

  const restored = Boolean(loaded?.saved) && settledJson === null;
  return useMemo(() => ({ hasInput: unsaved, isUnsaved, discard, restored }), [unsaved, isUnsaved, discard, restored]);
}
