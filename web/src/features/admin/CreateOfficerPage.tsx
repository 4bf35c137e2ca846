import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BRANCHES, createOfficerRequestSchema, type CreateOfficerRequest, type Officer } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { paths } from '../../paths';
import { useSession } from '../../lib/session/session-context';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { DraftGuard } from '../../components/DraftGuard';
import { useStationOptions } from '../../lib/stations/stations';
import { useCreateOfficer } from './create-officer.api';
import { SubmitButton } from '../../components/SubmitButton';
import './create-officer.css';

const EMPTY: CreateOfficerRequest = { username: '', password: '', full_name: '', officer_id: '', badge_number: '', rank: '', branch: '' as never, station: '' };

export function CreateOfficerPage() {
  const { t } = useTranslation(['officers', 'common']);
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const { stations, options: stationOptions } = useStationOptions();
  const create = useCreateOfficer();
  const [created, setCreated] = useState<Officer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<CreateOfficerRequest, unknown, z.output<typeof createOfficerRequestSchema>>({
    resolver: zodResolver(createOfficerRequestSchema),
    defaultValues: { ...EMPTY, station: user?.station ?? '' },
  });

  // What was typed is kept in this tab (never the password) and comes back after a reload or a new sign-in.
  const empty = { ...EMPTY, station: user?.station ?? '' };
  const draft = useFormDraft({ form: 'create-officer', values: useWatch({ control }) as CreateOfficerRequest, empty, exclude: ['password'], restore: reset });

  // The admin's own station is the default. The select gets its options only once the list has
  // loaded, so the chosen value is put into it again then.
  useEffect(() => {
    if (stations.data) setValue('station', getValues('station') || user?.station || '');
  }, [stations.data, user?.station, getValues, setValue]);

  const fields = [
    { name: 'username', label: t('fields.username') },
    { name: 'password', label: t('fields.password') },
    { name: 'full_name', label: t('fields.fullName') },
    { name: 'officer_id', label: t('fields.officerId') },
    { name: 'badge_number', label: t('fields.badgeNumber') },
    { name: 'rank', label: t('fields.rank') },
    { name: 'branch', label: t('fields.branch') },
    { name: 'station', label: t('fields.station') },
  ] as const;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setCreated(null);
    try {
      const result = await create.mutateAsync(values);
      draft.discard();
      setCreated(result.officer);
      reset({ ...EMPTY, station: user?.station ?? '' });
    } catch (err) {
      applyServerFieldErrors(err, setError);
      setFailure(errorMessage(err, 'officers:failed'));
    }
  });

  // The new officer (or the failure) is brought into view and focused: the Create button is at the foot of a
  // long form, the message at its head. A refusal naming fields is the error summary's, which focuses itself.
  const outcomeRef = useFocusOutcome(created ?? failure, { skip: !created && Object.keys(errors).length > 0, block: 'start' });

  return (
    <section className="page page--medium create-officer">
      <p className="create-officer__back">
        <Link to={paths.adminDashboard}>← {t('back')}</Link>
      </p>
      <PageTitle subtitle={t('lead')}>{t('common:pageTitles.adminCreateOfficer')}</PageTitle>
      <form onSubmit={onSubmit} noValidate className="card">
        <DraftGuard draft={draft} />
        <ErrorSummary items={summaryFrom(errors, fields)} />
        <div ref={outcomeRef} tabIndex={-1} className="create-officer__outcome" data-testid="create-officer-outcome">
          {created ? (
            <Alert kind="success">
              <p className="create-officer__done">{t('success')}</p>
              <p>{t('createdDetails', { name: created.full_name, username: created.username, branch: t(`common:branch.${created.branch}`) })}</p>
            </Alert>
          ) : null}
          {failure ? <Alert kind="error">{failure}</Alert> : null}
        </div>

        <fieldset>
          <legend>{t('sections.account')}</legend>
          <div className="form-grid">
            <FormField id="username" label={t('fields.username')} hint={t('hints.username')} error={errors.username?.message} required>
              <input type="text" autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={32} {...register('username')} />
            </FormField>
            <FormField id="password" label={t('fields.password')} hint={t('hints.password')} error={errors.password?.message} required>
              <input type="password" autoComplete="new-password" maxLength={128} {...register('password')} />
            </FormField>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('sections.officer')}</legend>
          <div className="form-grid">
            <FormField id="full_name" label={t('fields.fullName')} error={errors.full_name?.message} required>
              <input type="text" autoComplete="off" maxLength={150} {...register('full_name')} />
            </FormField>
            <FormField id="officer_id" label={t('fields.officerId')} error={errors.officer_id?.message} required>
              <input type="text" autoComplete="off" maxLength={32} {...register('officer_id')} />
            </FormField>
            <FormField id="badge_number" label={t('fields.badgeNumber')} hint={t('hints.badgeNumber')} error={errors.badge_number?.message}>
              <input type="text" autoComplete="off" maxLength={32} {...register('badge_number')} />
            </FormField>
            <FormField id="rank" label={t('fields.rank')} hint={t('hints.rank')} error={errors.rank?.message}>
              <input type="text" autoComplete="off" maxLength={64} {...register('rank')} />
            </FormField>
            <FormField id="branch" label={t('fields.branch')} error={errors.branch?.message} required>
              <select {...register('branch')}>
                <option value="">{t('chooseBranch')}</option>
                {BRANCHES.map((b) => (
                  <option key={b} value={b}>
                    {t(`common:branch.${b}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id="station"
              label={t('fields.station')}
              hint={stations.isError ? t('hints.stationsFailed') : t('hints.station')}
              error={errors.station?.message}
            >
              <select {...register('station')} disabled={!stations.data}>
                {!stations.data ? <option value={user?.station ?? ''}>{stations.isError ? t('hints.ownStation') : t('common:guard.loading')}</option> : null}
                {stations.data && !user?.station ? <option value="">{t('chooseStation')}</option> : null}
                {stationOptions.map((o) => (
                  <option key={o.id} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        </fieldset>

        <SubmitButton pending={create.isPending} label={t('submit')} pendingLabel={t('submitting')} />
      </form>
    </section>
  );
}
