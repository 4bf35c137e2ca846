import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, preferencesSchema, type Preferences } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { SubmitButton } from '../../components/SubmitButton';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { LANGUAGE_NAMES } from '../../lib/i18n/languages';
import { paths } from '../../paths';
import { usePreferences, useSavePreferences } from './api';

/** The account's language (for the portal and its messages) and the channels it hears from us on. */
function PreferencesForm({ saved }: { saved: Preferences }) {
  const { t, i18n } = useTranslation('notifications');
  const errorMessage = useErrorMessage();
  const save = useSavePreferences();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), values: saved });
  const outcome = save.isSuccess ? 'saved' : save.isError ? 'failed' : null;
  const outcomeRef = useFocusOutcome(save.submittedAt || null, { skip: Object.keys(errors).length > 0 });
  const fields = [
    { name: 'language', id: 'settings-language', label: t('settings.language') },
    { name: 'notify_email', id: 'settings-email', label: t('settings.email') },
    { name: 'notify_sms', id: 'settings-sms', label: t('settings.sms') },
  ] as const;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (p) => void i18n.changeLanguage(p.language),
      onError: (err) => applyServerFieldErrors(err, setError),
    }),
  );

  return (
    <form className="card settings-form" onSubmit={onSubmit} noValidate>
      <ErrorSummary items={summaryFrom(errors, fields)} />
      <FormField id="settings-language" label={t('settings.language')} error={errors.language?.message}>
        <select {...register('language')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="field">
        <legend>{t('settings.channels')}</legend>
        <label className="checkbox">
          <input id="settings-email" type="checkbox" {...register('notify_email')} />
          {t('settings.email')}
        </label>
        <label className="checkbox">
          <input id="settings-sms" type="checkbox" {...register('notify_sms')} />
          {t('settings.sms')}
        </label>
      </fieldset>
      <SubmitButton pending={save.isPending} label={t('settings.save')} pendingLabel={t('settings.saving')} />
      <div ref={outcomeRef} tabIndex={-1}>
        {outcome === 'saved' && <Alert kind="success">{t('settings.saved')}</Alert>}
        {outcome === 'failed' && <Alert kind="error">{errorMessage(save.error)}</Alert>}
      </div>
    </form>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  return (
    <section className="page">
      <PageTitle>{t('settings.title')}</PageTitle>
      <p>{t('settings.intro')}</p>
      <QueryState query={preferences}>{(saved) => <PreferencesForm saved={saved} />}</QueryState>
      <p>
        <Link to={paths.changePassword}>{t('settings.passwordLink')}</Link>
      </p>
    </section>
  );
}
