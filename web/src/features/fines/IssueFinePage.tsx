import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFENSE_TYPES, colomboDateTimeLocal, issueFineRequestSchema, type Fine, type IssueFineRequest } from '@pes/contracts';
import { ActionFailed } from '../../components/ActionFailed';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField, useValidationText } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { applyServerFieldErrors, hasFieldErrors } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { DraftGuard } from '../../components/DraftGuard';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { useIssueFine } from './api';
import { IdentityVehicleFields } from './components/IdentityVehicleFields';
import { useFineLabels } from './components/labels';
import { SubmitButton } from '../../components/SubmitButton';
import { useSummaryForm } from '../../components/use-summary-form';
import './fines.css';

const EMPTY: IssueFineRequest = {
  citizen_identity_type: 'NIC',
  citizen_identity_number: '',
  vehicle_number: '',
  amount: '',
  description: '',
  incident_date: '',
  incident_location: '',
  // Unchosen until the officer picks one; the schema names the field if it is left so.
  offense_type: '' as IssueFineRequest['offense_type'],
  speed_recorded: '',
  speed_limit: '',
  court_required: false,
};

/** A Traffic Fine Branch officer issues a fine; it is due 14 days later. */
export function IssueFinePage() {
  const { t } = useTranslation(['fines', 'common']);
  const labels = useFineLabels();
  const format = useFormat();
  const validationText = useValidationText();
  const issue = useIssueFine();
  const [issued, setIssued] = useState<Fine | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSummaryForm({
    resolver: zodResolver(issueFineRequestSchema),
    defaultValues: EMPTY,
  });

  // What the officer typed is kept in this tab and comes back after a reload, or after signing in again when the
  // session ended (in another tab, say) before Issue Fine was pressed.
  const draft = useFormDraft({ form: 'issue-fine', values: useWatch({ control }) as IssueFineRequest, empty: EMPTY, restore: reset });

  const fields = [
    { name: 'citizen_identity_type', id: 'fine-identity-type', label: t('fields.identityType') },
    { name: 'citizen_identity_number', id: 'fine-identity-number', label: t('fields.identityNumber') },
    { name: 'vehicle_number', id: 'fine-vehicle-number', label: t('fields.vehicleNumber') },
    { name: 'amount', id: 'fine-amount', label: t('fields.amountLkr') },
    { name: 'description', id: 'fine-description', label: t('fields.description') },
    { name: 'incident_date', id: 'fine-incident-date', label: t('fields.incidentDate') },
    { name: 'incident_location', id: 'fine-incident-location', label: t('fields.incidentLocation') },
    { name: 'offense_type', id: 'fine-offense-type', label: t('fields.offenseType') },
    { name: 'speed_recorded', id: 'fine-speed-recorded', label: t('fields.speedRecorded') },
    { name: 'speed_limit', id: 'fine-speed-limit', label: t('fields.speedLimit') },
    { name: 'court_required', id: 'fine-court-no', label: t('fields.courtRequired') },
  ];

  const onSubmit = handleSubmit((fine) => {
    setIssued(null);
    issue.mutate(fine, {
      onSuccess: (created) => {
        draft.discard();
        setIssued(created);
        reset(EMPTY);
      },
      onError: (err) => applyServerFieldErrors(err, setError),
    });
  });

  // The result (or the failure) takes the focus once it is rendered; a refusal naming fields leaves it to the error summary.
  const failure = issue.error;
  const outcomeRef = useFocusOutcome(issued ?? failure, { skip: !issued && hasFieldErrors(failure), block: 'start' });

  return (
    <section className="page fines-page page--medium">
      <PageTitle subtitle={t('issue.intro')}>{t('common:pageTitles.issueFine')}</PageTitle>
      <p>
        <Link to={paths.policeDashboard}>{t('issue.backToDashboard')}</Link>
      </p>

      <div aria-live="polite" ref={outcomeRef} tabIndex={-1} className="fines-page__outcome" data-testid="issue-fine-outcome">
        {issued ? (
          <Alert kind="success">
            <strong>{t('issue.success')}</strong>
            <br />
            {t('issue.successDetail', {
              vehicle: issued.vehicle_number,
              amount: format.money(issued.amount),
              due: format.calendarDate(issued.due_date),
            })}
          </Alert>
        ) : null}
        <ActionFailed title={t('issue.failed')} error={issue.error} />
      </div>

      <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="issue-fine-title">
        <h2 id="issue-fine-title" className="visually-hidden">
          {t('common:pageTitles.issueFine')}
        </h2>
        <DraftGuard draft={draft} />
        <ErrorSummary items={summaryFrom(errors, fields)} />

        <fieldset>
          <legend>{t('issue.offender')}</legend>
          <div className="form-grid">
            <IdentityVehicleFields
              idPrefix="fine"
              fields={{
                identityType: register('citizen_identity_type'),
                identityNumber: register('citizen_identity_number'),
                vehicleNumber: register('vehicle_number'),
              }}
              errors={{
                identityType: errors.citizen_identity_type?.message,
                identityNumber: errors.citizen_identity_number?.message,
                vehicleNumber: errors.vehicle_number?.message,
              }}
              hints={{ identityNumber: t('issue.identityHint'), vehicleNumber: t('issue.vehicleHint') }}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('issue.offence')}</legend>
          <div className="form-grid">
            <FormField id="fine-offense-type" label={t('fields.offenseType')} error={errors.offense_type?.message} required>
              <select {...register('offense_type')}>
                <option value="">{t('issue.chooseOffense')}</option>
                {OFFENSE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {labels.offense(type)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="fine-amount" label={t('fields.amountLkr')} hint={t('issue.amountHint')} error={errors.amount?.message} required>
              <input type="text" inputMode="decimal" autoComplete="off" {...register('amount')} />
            </FormField>
            <FormField
              id="fine-incident-date"
              label={t('fields.incidentDate')}
              hint={t('issue.incidentDateHint')}
              error={errors.incident_date?.message}
              required
            >
              <input type="datetime-local" max={colomboDateTimeLocal()} {...register('incident_date')} />
            </FormField>
            <FormField id="fine-incident-location" label={t('fields.incidentLocation')} error={errors.incident_location?.message} required>
              <input type="text" autoComplete="off" {...register('incident_location')} />
            </FormField>
            <FormField id="fine-speed-recorded" label={t('fields.speedRecorded')} hint={t('issue.speedHint')} error={errors.speed_recorded?.message}>
              <input type="number" inputMode="decimal" min={0} step="any" {...register('speed_recorded')} />
            </FormField>
            <FormField id="fine-speed-limit" label={t('fields.speedLimit')} hint={t('issue.speedHint')} error={errors.speed_limit?.message}>
              <input type="number" inputMode="decimal" min={0} step="any" {...register('speed_limit')} />
            </FormField>
          </div>
          <FormField id="fine-description" label={t('fields.description')} error={errors.description?.message}>
            <textarea rows={3} {...register('description')} />
          </FormField>
          <Controller
            control={control}
            name="court_required"
            render={({ field }) => (
              <fieldset className="radio-group" aria-describedby={errors.court_required ? 'fine-court-error' : undefined}>
                <legend>{t('fields.courtRequired')}</legend>
                <div className="radio-row">
                  <label>
                    <input
                      type="radio"
                      id="fine-court-yes"
                      name={field.name}
                      checked={field.value === true}
                      onChange={() => field.onChange(true)}
                      onBlur={field.onBlur}
                    />
                    {t('yes')}
                  </label>
                  <label>
                    <input
                      type="radio"
                      id="fine-court-no"
                      name={field.name}
                      ref={field.ref}
                      checked={field.value !== true}
                      onChange={() => field.onChange(false)}
                      onBlur={field.onBlur}
                    />
                    {t('no')}
                  </label>
                </div>
                {errors.court_required?.message ? (
                  <p className="field__error" id="fine-court-error">
                    {validationText(errors.court_required.message)}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
        </fieldset>

        <div className="fines-form-actions">
          <SubmitButton pending={issue.isPending} label={t('issue.submit')} pendingLabel={t('common:form.submitting')} />
          <Link className="button button--ghost" to={paths.policeDashboard}>
            {t('common:actions.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}
