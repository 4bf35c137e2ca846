import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  colomboDateTimeLocal,
  COMPLAINT_BRANCH,
  DOCUMENT_ACCEPT,
  GENDERS,
  COMPLAINT_MARITAL_STATUSES,
  type Complaint,
  type ComplaintType,
} from '@pes/contracts';
import { ApiError } from '../../lib/api/client';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { useSession } from '../../lib/session/session-context';
import { DraftGuard } from '../../components/DraftGuard';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { applyServerFieldErrors } from '../../components/errors';
import { FormField } from '../../components/FormField';
import { hhmm, useFormat } from '../../components/format';
import { paths } from '../../paths';
import { useSubmitComplaint } from './api';
import { AppointmentPicker } from './AppointmentPicker';
import {
  attachmentProblem,
  complaintFormData,
  complaintMaxLength,
  complaintResolver,
  emptyComplaintForm,
  type ComplaintFieldName,
  type ComplaintFormValues,
} from './complaint-form';
import { IncidentTypeFields } from './IncidentTypeFields';
import { useStationName } from '../../lib/stations/stations';
import './complaints.css';
import { FilePicker } from '../../components/FilePicker';
import { SubmitButton } from '../../components/SubmitButton';

type Outcome = { kind: 'success'; complaint: Complaint } | { kind: 'error'; message: string } | null;

/** The complaint form shared by the three types: appointment, personal details, incident, evidence. */
export function ComplaintForm({ type }: { type: ComplaintType }) {
  const { t, i18n } = useTranslation(['complaints', 'errors']);
  const format = useFormat();
  const stationName = useStationName();
  // The signed-in citizen's own name, identity number and home address come filled in (editable): the usual complainant.
  const { user } = useSession();
  const [untouched] = useState<ComplaintFormValues>(() => ({
    ...emptyComplaintForm,
    full_name: user?.full_name ?? '',
    id_number: user?.identity_number ?? '',
    home_address: user?.address ?? '',
  }));
  const form = useForm<ComplaintFormValues>({
    resolver: complaintResolver(type),
    defaultValues: untouched,
    // The error summary takes the focus and links to each field.
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, setError, clearErrors, formState, control } = form;
  // What was typed is kept in this tab (not the attached file) and comes back after a reload or a new sign-in.
  const draft = useFormDraft({ form: `complaint-${type}`, values: useWatch({ control }) as ComplaintFormValues, empty: untouched, restore: reset });
  // The long texts, for their character counters.
  const [whatHappened, howOccurred, evidence, attachedFileName] = useWatch({
    control,
    name: ['what_happened', 'how_occurred', 'evidence', 'attached_file_name'],
  });
  const errors = formState.errors;
  const submit = useSubmitComplaint(type);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fileKey, setFileKey] = useState(0);
  // A restored draft names its file until one is chosen again in this page.
  const [fileChosen, setFileChosen] = useState(false);
  const fileToAttachAgain = draft.restored && !fileChosen && attachedFileName ? attachedFileName : null;
  const fileRef = useRef<HTMLInputElement | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const showOutcome = (next: Outcome) => setOutcome(next);
  // Once the result is rendered (never while the panel is still empty), bring it into view and to screen readers' attention.
  useEffect(() => {
    const panel = outcomeRef.current;
    if (!outcome || !panel) return;
    panel.scrollIntoView({ block: 'start' });
    panel.focus({ preventScroll: true });
  }, [outcome]);

  const label = (name: ComplaintFieldName) => t(`fields.${name}`);
  const summaryFields = [
    { name: 'station', label: t('appointment.station') },
    { name: 'slot_id', label: t('appointment.slot') },
    ...(['full_name', 'age', 'gender', 'home_address', 'id_number', 'phone_number', 'religion', 'nationality', 'occupation'] as const).map((name) => ({
      name,
      label: label(name),
    })),
    ...(['work_address', 'marital_status', 'grama_division'] as const).map((name) => ({ name, label: label(name) })),
    { name: 'traffic_category', label: t('fields.traffic_category') },
    { name: 'crime_category', label: t('fields.crime_category') },
    { name: 'incident_type', label: type === 'traffic' ? t('fields.traffic_incident_type') : t('fields.incident_type') },
    ...(['what_happened', 'when', 'where', 'how_occurred', 'damage_value', 'evidence'] as const).map((name) => ({
      name,
      label: label(name),
    })),
    { name: 'attachment_file', label: t('fields.attachment_file') },
  ];

  // A function of the event, so the file input's ref is read on submit, never while rendering.
  const onValid = (event: FormEvent<HTMLFormElement>) => {
    // A new try starts without the outcome of the last one (a refusal left standing reads as this try's).
    setOutcome(null);
    return handleSubmit(async (values) => {
      const file = fileRef.current?.files?.[0];
      const problem = attachmentProblem(file);
      if (problem) {
        setError('attachment_file' as ComplaintFieldName, { type: 'client', message: problem });
        return;
      }
      setOutcome(null);
      try {
        const result = await submit.mutateAsync(complaintFormData(type, values, file));
        draft.discard();
        reset(untouched);
        setFileKey((k) => k + 1);
        showOutcome({ kind: 'success', complaint: result.complaint });
      } catch (err) {
        applyServerFieldErrors(err, setError);
        // A known refusal (a full slot, say) is explained in its own words; anything else gets the form's text.
        const known = err instanceof ApiError && err.status !== 400 && err.status < 500 && i18n.exists(`errors:${err.code}`) ? t(`errors:${err.code}`) : '';
        showOutcome({ kind: 'error', message: known || t('form.error') });
      }
    })(event);
  };

  const done = outcome?.kind === 'success' ? outcome.complaint : null;
  return (
    <form className="complaint-form stack" noValidate onSubmit={onValid}>
      <div
        ref={outcomeRef}
        tabIndex={-1}
        className="complaint-form__outcome"
        data-testid="complaint-outcome"
        aria-labelledby={done ? 'complaint-confirmation-title' : undefined}
      >
        {done ? (
          <Alert kind="success">
            <h2 id="complaint-confirmation-title" className="complaint-form__confirmation-title">
              {t('form.success')}
            </h2>
            <p>{t('form.reference', { reference: done.reference_number })}</p>
            {done.appointment ? (
              <p>
                {t('form.appointmentBooked', {
                  date: format.calendarDate(done.appointment.date),
                  from: hhmm(done.appointment.time_from),
                  to: hhmm(done.appointment.time_to),
                  station: stationName(done.station),
                })}
              </p>
            ) : null}
            <p>{t('form.nextSteps')}</p>
            <p>
              <Link to={paths.trackComplaint}>{t('form.trackLink')}</Link>
            </p>
          </Alert>
        ) : null}
        {outcome?.kind === 'error' ? <Alert kind="error">{outcome.message}</Alert> : null}
      </div>
      <DraftGuard draft={draft} />
      {fileToAttachAgain ? (
        <Alert kind="warning">
          {t('form.attachAgain', { name: fileToAttachAgain })} <a href="#attachment_file">{t('form.attachAgainLink')}</a>
        </Alert>
      ) : null}
      <ErrorSummary items={summaryFrom(errors as Record<string, { message?: unknown }>, summaryFields)} />
      <p className="complaint-form__intro">{t('form.intro')}</p>

      <section className="card" aria-labelledby="section-appointment">
        <h2 id="section-appointment">{t('form.sections.appointment')}</h2>
        <AppointmentPicker form={form} branch={COMPLAINT_BRANCH[type]} />
      </section>

      <section className="card" aria-labelledby="section-personal">
        <h2 id="section-personal">{t('form.sections.personal')}</h2>
        <div className="form-grid">
          <FormField id="full_name" label={label('full_name')} required error={errors.full_name?.message}>
            <input type="text" autoComplete="name" maxLength={complaintMaxLength('full_name')} {...register('full_name')} />
          </FormField>
          <FormField id="age" label={label('age')} required error={errors.age?.message}>
            <input type="text" inputMode="numeric" maxLength={complaintMaxLength('age')} {...register('age')} />
          </FormField>
          <FormField id="gender" label={label('gender')} required error={errors.gender?.message}>
            <select {...register('gender')}>
              <option value="">{t('form.choose')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`gender.${g}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="id_number" label={label('id_number')} required error={errors.id_number?.message}>
            <input type="text" maxLength={complaintMaxLength('id_number')} {...register('id_number')} />
          </FormField>
          <FormField id="phone_number" label={label('phone_number')} hint={t('fields.phoneHint')} required error={errors.phone_number?.message}>
            <input type="tel" autoComplete="tel" maxLength={complaintMaxLength('phone_number')} {...register('phone_number')} />
          </FormField>
          <FormField id="marital_status" label={label('marital_status')} error={errors.marital_status?.message}>
            <select {...register('marital_status')}>
              <option value="">{t('form.choose')}</option>
              {COMPLAINT_MARITAL_STATUSES.map((m) => (
                <option key={m} value={m}>
                  {t(`marital.${m}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="religion" label={label('religion')} error={errors.religion?.message}>
            <input type="text" maxLength={complaintMaxLength('religion')} {...register('religion')} />
          </FormField>
          <FormField id="nationality" label={label('nationality')} error={errors.nationality?.message}>
            <input type="text" maxLength={complaintMaxLength('nationality')} {...register('nationality')} />
          </FormField>
          <FormField id="occupation" label={label('occupation')} error={errors.occupation?.message}>
            <input type="text" autoComplete="organization-title" maxLength={complaintMaxLength('occupation')} {...register('occupation')} />
          </FormField>
          <FormField id="grama_division" label={label('grama_division')} error={errors.grama_division?.message}>
            <input type="text" maxLength={complaintMaxLength('grama_division')} {...register('grama_division')} />
          </FormField>
        </div>
        <div className="form-grid">
          <FormField id="home_address" label={label('home_address')} required error={errors.home_address?.message}>
            <textarea rows={2} autoComplete="street-address" maxLength={complaintMaxLength('home_address')} {...register('home_address')} />
          </FormField>
          <FormField id="work_address" label={label('work_address')} error={errors.work_address?.message}>
            <textarea rows={2} maxLength={complaintMaxLength('work_address')} {...register('work_address')} />
          </FormField>
        </div>
      </section>

      <section className="card" aria-labelledby="section-incident">
        <h2 id="section-incident">{t('form.sections.incident')}</h2>
        <IncidentTypeFields type={type} form={form} />
        <FormField
          id="what_happened"
          label={label('what_happened')}
          counter={{ value: whatHappened, max: 5000 }}
          required
          error={errors.what_happened?.message}
        >
          <textarea rows={4} maxLength={complaintMaxLength('what_happened')} {...register('what_happened')} />
        </FormField>
        <div className="form-grid">
          <FormField id="when" label={label('when')} required error={errors.when?.message}>
            <input type="datetime-local" max={colomboDateTimeLocal()} {...register('when')} />
          </FormField>
          <FormField id="where" label={label('where')} required error={errors.where?.message}>
            <input type="text" maxLength={complaintMaxLength('where')} {...register('where')} />
          </FormField>
        </div>
        <FormField id="how_occurred" label={label('how_occurred')} counter={{ value: howOccurred, max: 5000 }} error={errors.how_occurred?.message}>
          <textarea rows={3} maxLength={complaintMaxLength('how_occurred')} {...register('how_occurred')} />
        </FormField>
        <FormField id="damage_value" label={label('damage_value')} hint={t('fields.damageHint')} error={errors.damage_value?.message}>
          <input type="text" inputMode="decimal" maxLength={complaintMaxLength('damage_value')} {...register('damage_value')} />
        </FormField>
      </section>

      <section className="card" aria-labelledby="section-attachment">
        <h2 id="section-attachment">{t('form.sections.attachment')}</h2>
        <FormField
          id="evidence"
          label={label('evidence')}
          counter={{ value: evidence, max: 5000 }}
          hint={t('fields.evidenceHint')}
          error={errors.evidence?.message}
        >
          <textarea rows={2} maxLength={complaintMaxLength('evidence')} {...register('evidence')} />
        </FormField>
        <FormField
          id="attachment_file"
          label={t('fields.attachment_file')}
          hint={fileToAttachAgain ? `${t('fields.attachmentHint')} ${t('form.attachAgain', { name: fileToAttachAgain })}` : t('fields.attachmentHint')}
          error={(errors as Record<string, { message?: string } | undefined>).attachment_file?.message}
        >
          <FilePicker
            key={fileKey}
            accept={DOCUMENT_ACCEPT}
            ref={fileRef}
            onChange={(e) => {
              clearErrors('attachment_file' as ComplaintFieldName);
              setFileChosen(true);
              form.setValue('attached_file_name', e.target.files?.[0]?.name ?? '');
            }}
          />
        </FormField>
      </section>

      <div className="row">
        <SubmitButton pending={formState.isSubmitting} label={t('form.submit')} pendingLabel={t('form.submitting')} />
      </div>
    </form>
  );
}
