// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import si from '../locales/si/common.json';
import ta from '../locales/ta/common.json';
import { loadCountries } from '../lib/countries/countries';
import { suggest } from './Combobox';
import { CountryCombobox } from './CountryCombobox';

afterEach(cleanup);

let kept: string[] = [];
function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <CountryCombobox
      id="country"
      label="Country"
      required
      value={value}
      onChange={(v) => {
        kept.push(v);
        setValue(v);
      }}
    />
  );
}

async function renderIn(lng: 'en' | 'si' | 'ta', initial?: string) {
  kept = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    resources: { en: { common: en }, si: { common: si }, ta: { common: ta } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Field initial={initial} />
    </I18nextProvider>,
  );
  // The list loads lazily: let it arrive.
  await act(() => loadCountries());
  return screen.getByRole('combobox', { name: /Country/ });
}

const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const suggestions = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('CountryCombobox', () => {
  it('suggests the countries starting with what is typed, in English', async () => {
    const input = await renderIn('en');
    type(input, 'Aus');
    expect(suggestions().slice(0, 2)).toEqual(['Australia', 'Austria']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  it('suggests in Sinhala, and finds a country by its English name too', async () => {
    const input = await renderIn('si');
    type(input, 'ඕස්ට්');
    expect(suggestions()[0]).toBe('ඕස්ට්‍රේලියාව');
    type(input, 'Austr');
    expect(suggestions().slice(0, 2).sort()).toEqual(['ඔස්ට්‍රියාව', 'ඕස්ට්‍රේලියාව'].sort());
  });

  it('suggests in Tamil', async () => {
    const input = await renderIn('ta');
    type(input, 'ஆஸ்தி');
    expect(suggestions().slice(0, 2).sort()).toEqual(['ஆஸ்திரியா', 'ஆஸ்திரேலியா'].sort());
  });

  it('is worked by keyboard: Down and Up move, Enter takes the option and keeps its English name, Escape closes', async () => {
    const input = await renderIn('si');
    type(input, 'ඉන්දු');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)!.textContent).toBe('ඉන්දුනීසියාව');
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true');
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    expect(enter).toBe(false); // the form is not sent
    expect(kept.at(-1)).toBe('Indonesia');
    expect((input as HTMLInputElement).value).toBe('ඉන්දුනීසියාව');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(kept.at(-1)).toBe('Indonesia');
  });

  it('keeps the English name when a name is typed in full, and text that names no country as it is', async () => {
    const input = await renderIn('en');
    type(input, 'canada');
    expect(kept.at(-1)).toBe('Canada');
    type(input, 'Atlantis');
    expect(kept.at(-1)).toBe('Atlantis');
    expect(screen.getByRole('status').textContent).toMatch(/Nothing in the list/);
  });

  it('shows a stored country in the reader language, and an old free-text one as it was kept', async () => {
    expect((await renderIn('ta', 'Australia')).getAttribute('value')).toBe('ஆஸ்திரேலியா');
    cleanup();
    expect((await renderIn('ta', 'Down Under')).getAttribute('value')).toBe('Down Under');
  });
});

describe('suggest', () => {
  it('puts the options starting with the text before those only containing it', () => {
    const options = [
      { value: 'Guinea', label: 'Guinea' },
      { value: 'Papua New Guinea', label: 'Papua New Guinea' },
      { value: 'Ghana', label: 'Ghana' },
    ];
    expect(suggest(options, 'new').map((o) => o.value)).toEqual(['Papua New Guinea']);
    expect(suggest(options, 'uine').map((o) => o.value)).toEqual(['Guinea', 'Papua New Guinea']);
    expect(suggest(options, '').length).toBe(3);
  });
});
