import { useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './file-picker.css';

type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  ref?: Ref<HTMLInputElement>;
  /** The file to name, where the form keeps it (an upload made, then removed); by default the one last chosen. */
  fileName?: string | null;
};

/**
 * A file input whose button and "no file chosen" are in the page's language: the browser's own control
 * words follow the browser, not the page. The native input stays (keyboard, screen readers, the field's
 * label and error), unseen; the visible parts repeat nothing to assistive technology. Used inside FormField
 * like any input (its id, aria-* and handlers reach the input). The name's id is `<id>-file-name`, for a
 * field whose input is emptied after each upload to point its description at.
 */
export function FilePicker({ ref, onChange, fileName: shownName, ...input }: FilePickerProps) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState<string | null>(null);
  const changed = (e: ChangeEvent<HTMLInputElement>) => {
    setFileName(e.target.files?.[0]?.name ?? null);
    onChange?.(e);
  };
  return (
    <label className={`file-picker${input.disabled ? ' file-picker--disabled' : ''}`}>
      <input {...input} ref={ref} type="file" className="file-picker__input" onChange={changed} />
      <span className="button button--secondary file-picker__button" aria-hidden="true">
        {t('file.choose')}
      </span>
      <span className="file-picker__name" id={input.id ? `${input.id}-file-name` : undefined} aria-hidden="true">
        {(shownName === undefined ? fileName : shownName) ?? t('file.none')}
      </span>
    </label>
  );
}
