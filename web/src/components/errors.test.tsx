// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, LANGUAGES } from '@pes/contracts';
import { errorFromAnswer } from '../lib/api/client';
import { flattenTexts } from '../test/flatten-texts';
import { useErrorMessage } from './errors';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/errors*.json', { eager: true, import: 'default' });

/** The `errors` namespace of a language as the i18n loader assembles it (errors.json merged with errors.<feature>.json). */
function errorsOf(lng: string) {
  const parts = Object.entries(files).filter(([file]) => new RegExp(`/${lng}/errors(\\.[^/]+)?\\.json$`).test(file));
  const merged: Record<string, unknown> = {};
  for (const [, data] of parts) for (const [k, v] of Object.entries(data)) merged[k] = { ...(merged[k] as object), ...(v as object) };
  return merged;
}

function messageIn(lng: string) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { [lng]: { errors: errorsOf(lng), common: {} } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useErrorMessage(), { wrapper }).result.current;
}

/** A server answer for `code` with a value for each placeholder of its catalogue message, as appError sends it. */
function answerFor(code: string) {
  const names = [...ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].message.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const params = Object.fromEntries(names.map((name) => [name, 7]));
  return errorFromAnswer(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, { error: { code, message: '', params } });
}

describe.each(LANGUAGES)('error messages in %s', (lng) => {
  it('fills the placeholders of every catalogue text with the values the server sent', () => {
    const message = messageIn(lng);
    const unfilled = Object.keys(ERROR_CATALOGUE)
      .map((code) => [code, message(answerFor(code))] as const)
      .filter(([, text]) => /\{\{/.test(text));
    expect(unfilled).toEqual([]);
    expect(flattenTexts(errorsOf(lng)).size).toBeGreaterThan(10);
  });

  it('says how many minutes to wait when a limit is reached', () => {
    expect(messageIn(lng)(answerFor('request.rate_limited'))).toContain('7');
  });
});
