import { useEffect, useMemo, useState, type ReactNode, type Ref } from 'react';
import { FormField } from './FormField';
import './combobox.css';

export interface ComboboxOption {
  /** What the field keeps (a country's English name). */
  value: string;
  /** What the reader sees, in their language. */
  label: string;
  /** Other words it is found by (its English name, when the reader types that). */
  also?: readonly string[];
}

const fold = (s: string) => s.trim().toLocaleLowerCase();

/** The options a text suggests: those starting with it first (in any of their words), then those containing it. */
export function suggest(options: readonly ComboboxOption[], text: string): ComboboxOption[] {
  const q = fold(text);
  if (!q) return [...options];
  const words = (o: ComboboxOption) => [o.label, ...(o.also ?? [])].map(fold);
  const starts = options.filter((o) => words(o).some((w) => w.startsWith(q) || w.split(/[\s(-]+/).some((part) => part.startsWith(q))));
  const contains = options.filter((o) => !starts.includes(o) && words(o).some((w) => w.includes(q)));
  return [...starts, ...contains];
}

/** The option a text names exactly (by its label or another of its words), if any. */
const named = (options: readonly ComboboxOption[], text: string) => options.find((o) => [o.label, ...(o.also ?? [])].some((w) => fold(w) === fold(text)));

/**
 * A text field with suggestions (WAI-ARIA combobox with a listbox): typing filters the options; Down and Up move
 * through them, Enter takes one, Escape closes the list. The field keeps an option's value; text that names no
 * option is kept as typed (an old record's free text), so the form's rule can refuse it with its own message.
 */
export function Combobox({
  id,
  label,
  value,
  onChange,
  onBlur,
  options,
  required,
  error,
  hint,
  maxLength,
  noMatches,
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  required?: boolean;
  /** A validation message key or text. */
  error?: string;
  hint?: ReactNode;
  maxLength?: number;
  /** Said under the field when nothing matches what is typed. */
  noMatches: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  // The text being typed; null when the field shows its value (an option's label, or the kept text).
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listboxId = `${id}-listbox`;
  const optionIdPrefix = `${id}-option`;
  const shown = typed ?? options.find((o) => o.value === value)?.label ?? value;
  const matches = useMemo(() => (open ? suggest(options, typed ?? '') : []), [open, options, typed]);
  const activeId = open && active >= 0 && active < matches.length ? `${optionIdPrefix}-${active}` : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };
  const move = (by: number) => {
    if (!open) {
      setOpen(true);
      setActive(by > 0 ? 0 : -1);
      return;
    }
    const count = suggest(options, typed ?? '').length;
    if (count === 0) return;
    setActive((i) => (i < 0 ? (by > 0 ? 0 : count - 1) : (i + by + count) % count));
  };

  return (
    <FormField
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className="combobox"
      extra={
        open ? (
          matches.length > 0 ? (
            <ul className="combobox__list" role="listbox" id={listboxId} aria-label={label}>
              {matches.map((o, i) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input takes the keys (aria-activedescendant)
                <li
                  key={o.value}
                  id={`${optionIdPrefix}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'combobox__option combobox__option--active' : 'combobox__option'}
                  // The input keeps the focus while an option is clicked.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(o)}
                  tabIndex={-1}
                >
                  {o.label}
                </li>
              ))}
            </ul>
          ) : (
            <p className="combobox__empty field__hint" role="status">
              {noMatches}
            </p>
          )
        ) : null
      }
    >
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={open && matches.length > 0 ? listboxId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        value={shown}
        onChange={(e) => {
          const text = e.target.value;
          setTyped(text);
          setOpen(true);
          setActive(-1);
          onChange(named(options, text)?.value ?? text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            move(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter' && activeId) {
            // Enter takes the option, and does not send the form.
            e.preventDefault();
            choose(matches[active]!);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => {
          setTyped(null);
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
      />
    </FormField>
  );
}
