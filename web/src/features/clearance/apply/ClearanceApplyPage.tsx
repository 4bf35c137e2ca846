import { useEffect, useRef, useState, type ReactNode, useLayoutEffect } from 'react';
import { Controller, get, useFieldArray, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ageOn,
  CLEARANCE_DOCUMENTS,
  CLEARANCE_FEE_AMOUNT,
  CLEARANCE_ADULT_AGE,
  CLEARANCE_DETAIL_SECTIONS,
  CLEARANCE_NATIONALITIES,
  CLEARANCE_SEXES,
  CLEARANCE_STATIONS,
  CLEARANCE_TITLES,
  CLEARANCE_RECORD,
  clearanceEndpoints,
  labelKeyOf,
  maxLengthOf,
  RESIDENCE_HISTORY_MAX,
  requiredDocuments,
  type ClearanceDocument,
} from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { CountryCombobox } from '../../../components/CountryCombobox';
import { ErrorSummary, type SummaryItem } from '../../../components/ErrorSummary';
import { FormField, useValidationText } from '../../../components/FormField';
import { PageTitle } from '../../../components/PageTitle';
import { RecordDetails } from '../../../components/records/RecordDetails';
import { useErrorMessage } from '../../../components/errors';
import { useFormat } from '../../../components/format';
import { ApiError, call } from '../../../lib/api/client';
import { goToServerUrl } from '../../../lib/api/server-redirect';
import { useCountryName } from '../../../lib/countries/countries';
import { rememberReturnPath } from '../../../lib/session/return-path';
import { useSession } from '../../../lib/session/session-context';
import { useStationName } from '../../../lib/stations/stations';
import { paths } from '../../../paths';
import { useOpenClearanceApplication } from '../api';
import { CountryNotice } from './CountryNotice';
import { DocumentUpload } from './DocumentUpload';
import { fetchServerDraft, readLocalDraft, saveServerDraft, writeLocalDraft, type WizardDraft } from './draft';
import { emptyWizard, fieldId, stepOfField, stepResolver, STEP_FIELDS, toPayload, type WizardValues } from './wizard-form';
import '../clearance.css';
import './apply.css';

const STEPS = 9;
/** Documents need an owner: from step 7 on, the wizard needs a signed-in citizen. */
const SIGN_IN_STEP = 7;
const SERVER_SAVE_DELAY_MS = 800;

/** /clearance/apply: loads the draft (this tab's, else the signed-in citizen's on the server), then the wizard. */
export function ClearanceApplyPage() {
  const { t } = useTranslation(['clearance', 'common']);
  const { state } = useSession();
  const citizen = state.status === 'authenticated' && state.user.role === 'citizen' ? state.user : null;
  const signedIn = citizen !== null;
  // This tab's draft first (it is the newest: it came back from the sign-in page); else the server's.
  const [local] = useState(readLocalDraft);
  const [empty] = useState<WizardDraft>(() => ({ step: 1, values: emptyWizard() }));
  const [server, setServer] = useState<WizardDraft | null | undefined>(undefined);

  useEffect(() => {
    if (local || !signedIn) return;
    let live = true;
    fetchServerDraft()
      .catch(() => null)
      .then((draft) => {
        if (live) setServer(draft);
      });
    return () => {
      live = false;
    };
  }, [local, signedIn]);

  const openApplication = useOpenClearanceApplication(signedIn);
  const initial = state.status === 'checking' ? undefined : (local ?? (signedIn ? (server === undefined ? undefined : (server ?? empty)) : empty));
  // The application's NIC is the account's own: a signed-in citizen is not asked for it.
  const account: WizardAccount = {
    nic: citizen?.identity_type === 'NIC' ? citizen.identity_number : null,
    passport: citizen?.identity_type === 'Passport',
  };
  return (
    <section className="page page--medium clearance-page clearance-apply">
      <PageTitle subtitle={t('apply.lead')}>{t('common:pageTitles.clearanceApply')}</PageTitle>
      {openApplication.data?.open ? (
        <OpenApplicationNotice reference={openApplication.data.open.reference_number} />
      ) : openApplication.isError ? (
        <Alert kind="error">{t('apply.openApplication.loadFailed')}</Alert>
      ) : initial && !(signedIn && openApplication.isPending) ? (
        <Wizard initial={initial} signedIn={signedIn} account={account} />
      ) : (
        <p role="status" className="card">
          {t('apply.loading')}
        </p>
      )}
    </section>
  );
}

/** Said before step 1: a new application would be refused while the paid one is processed. */
function OpenApplicationNotice({ reference }: { reference: string | null }) {
  const { t } = useTranslation('clearance');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Alert kind="warning">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('apply.openApplication.title')}
      </h2>
      <p>{t('apply.openApplication.body', { reference: reference ?? '—' })}</p>
      <Link className="button button--primary" to={paths.trackClearance}>
        {t('apply.openApplication.track')}
      </Link>
    </Alert>
  );
}

/** What the signed-in account says of the applicant's identity: its NIC (the application's), or that it was registered with a passport. */
interface WizardAccount {
  nic: string | null;
  passport: boolean;
}

function Wizard({ initial, signedIn, account }: { initial: WizardDraft; signedIn: boolean; account: WizardAccount }) {
  const { t } = useTranslation(['clearance', 'common']);
  const errorMessage = useErrorMessage();
  // A signed-out user who comes back at a step that needs an account stays just before it.
  const [step, setStep] = useState(!signedIn && initial.step >= SIGN_IN_STEP ? SIGN_IN_STEP - 1 : initial.step);
  const [loginNeeded, setLoginNeeded] = useState(!signedIn && initial.step >= SIGN_IN_STEP);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The resolver and the draft saver run outside render and read the current step from here.
  const stepRef = useRef(step);
  useLayoutEffect(() => {
    stepRef.current = step;
  }, [step]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const form = useForm<WizardValues>({
    // A NIC typed before signing in gives way to the account's.
    defaultValues: account.nic ? { ...initial.values, nic_number: account.nic, confirm_nic_number: account.nic } : initial.values,
    resolver: (values, context, options) => stepResolver(stepRef.current)(values, context, options),
    shouldFocusError: false,
  });
  const { handleSubmit, formState, clearErrors, setError, getValues } = form;

  // Every change is kept in this tab; a signed-in citizen's draft also goes to the server once typing pauses.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      writeLocalDraft(stepRef.current, getValues());
      if (!signedIn) return;
      clearTimeout(timer);
      timer = setTimeout(() => void saveServerDraft(stepRef.current, getValues()).catch(() => undefined), SERVER_SAVE_DELAY_MS);
    };
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: save });
    save();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [form, getValues, signedIn, step]);

  // A new step takes the focus on its heading, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const askToSignIn = (atStep: number) => {
    writeLocalDraft(atStep, getValues());
    setLoginNeeded(true);
  };

  const goTo = (next: number) => {
    // A new step starts unsubmitted: its fields are checked on its own Next, not re-checked as the user types.
    form.reset(undefined, { keepValues: true, keepDefaultValues: true, keepDirty: true, keepTouched: true });
    clearErrors();
    setSubmitError(null);
    setStep(next);
  };

  const submit = async (values: WizardValues) => {
    setSubmitError(null);
    setSubmitting(true);
    try {
      const result = await call(clearanceEndpoints.apply, { body: toPayload(values) });
      if (!result?.url) {
        setSubmitError(t('apply.noCheckoutUrl'));
        return;
      }
      goToServerUrl(result.url);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldKeys).length > 0) {
        const entries = Object.entries(err.fieldKeys);
        const firstStep = Math.min(...entries.map(([field]) => stepOfField(field) ?? STEPS));
        setStep(firstStep);
        for (const [field, key] of entries) setError(field as Path<WizardValues>, { type: 'server', message: key });
      } else if (err instanceof ApiError && err.status === 401) {
        setSubmitError(t('apply.sessionExpired'));
      } else {
        // The server's own words when it has a translated text for its refusal; else the spec's 'Failed to initialize payment'.
        setSubmitError(errorMessage(err, 'clearance:apply.paymentFailed'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onValid = async (values: WizardValues) => {
    if (step === STEPS) {
      if (!signedIn) return askToSignIn(STEPS);
      return submit(values);
    }
    if (step + 1 >= SIGN_IN_STEP && !signedIn) return askToSignIn(SIGN_IN_STEP);
    goTo(step + 1);
  };

  const summary = useSummary(step, formState.errors, getValues);
  return (
    <div className="clearance-wizard">
      <ol className="clearance-steps" aria-label={t('apply.progressLabel')}>
        {Array.from({ length: STEPS }, (_, i) => i + 1).map((n) => (
          <li key={n} aria-current={n === step ? 'step' : undefined} className={n < step ? 'done' : n === step ? 'current' : undefined}>
            <span className="visually-hidden">{t('apply.stepOf', { step: n, total: STEPS })}: </span>
            <span aria-hidden="true">{n}</span>
            <span className="clearance-steps__name">{t(`apply.steps.${n}`)}</span>
          </li>
        ))}
      </ol>
      <form className="card stack" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <h2 ref={headingRef} tabIndex={-1}>
          {t('apply.stepOf', { step, total: STEPS })}: {t(`apply.steps.${step}`)}
        </h2>
        <ErrorSummary items={summary} focusKey={formState.submitCount} />
        {loginNeeded ? (
          <Alert kind="warning">
            <p>{t('apply.loginToContinue')}</p>
            <Link className="button button--primary" to={paths.login} onClick={() => rememberReturnPath(paths.clearanceApply)}>
              {t('apply.logIn')}
            </Link>
          </Alert>
        ) : null}
        {submitError ? <Alert kind="error">{submitError}</Alert> : null}
        <StepFields step={step} form={form} account={account} />
        <div className="clearance-actions">
          {step > 1 ? (
            <button type="button" className="button button--secondary" onClick={() => goTo(step - 1)}>
              {t('apply.back')}
            </button>
          ) : (
            <Link className="button button--secondary" to={paths.clearance}>
              {t('apply.back')}
            </Link>
          )}
          <button type="submit" className="button button--primary" disabled={submitting}>
            {step === STEPS ? (submitting ? t('apply.paying') : t('apply.pay')) : t('apply.next')}
          </button>
        </div>
      </form>
    </div>
  );
}

type Form = ReturnType<typeof useForm<WizardValues>>;

/** The error summary of the current step: each error with its field's label, linking to the field. */
function useSummary(step: number, errors: FieldErrors<WizardValues>, getValues: Form['getValues']): SummaryItem[] {
  const { t } = useTranslation('clearance');
  const items: SummaryItem[] = [];
  const add = (name: string, label: string) => {
    const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') items.push({ id: fieldId(name), label, message });
  };
  for (const name of STEP_FIELDS[step - 1]!) {
    if (name === 'residence_history') {
      add('residence_history', t('apply.fields.residence_history'));
      (getValues('residence_history') ?? []).forEach((_, i) => {
        for (const key of ['address', 'policeArea', 'fromDate', 'toDate'] as const) {
          add(`residence_history.${i}.${key}`, `${t('apply.residence.entry', { n: i + 1 })}: ${t(`apply.residence.${key}`)}`);
        }
      });
    } else if (name.startsWith('uploads.')) add(name, t(`apply.documents.${name.slice('uploads.'.length)}`));
    else add(name, t(`apply.fields.${name.replace('.', '_')}`));
  }
  return items;
}

function errorOf(errors: FieldErrors<WizardValues>, name: string) {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A text-like input with its label and error. */
function Text({
  form,
  name,
  required,
  type = 'text',
  hint,
  autoComplete,
  readOnly,
}: {
  form: Form;
  name: Path<WizardValues>;
  required?: boolean;
  type?: string;
  hint?: ReactNode;
  autoComplete?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('clearance');
  return (
    <FormField id={fieldId(name)} label={t(labelKeyOf(CLEARANCE_RECORD, name))} required={required} hint={hint} error={errorOf(form.formState.errors, name)}>
      <input type={type} autoComplete={autoComplete} maxLength={maxLengthOf(CLEARANCE_RECORD, name)} readOnly={readOnly} {...form.register(name)} />
    </FormField>
  );
}

/** A country from the one list, suggested in the reader's language; the form keeps its English name. */
function Country({ form, name }: { form: Form; name: 'country' | 'delivery_country' }) {
  const { t } = useTranslation('clearance');
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <CountryCombobox
          id={fieldId(name)}
          label={t(labelKeyOf(CLEARANCE_RECORD, name))}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          maxLength={maxLengthOf(CLEARANCE_RECORD, name)}
          error={errorOf(form.formState.errors, name)}
        />
      )}
    />
  );
}

function Select({
  form,
  name,
  options,
  required,
}: {
  form: Form;
  name: Path<WizardValues>;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
}) {
  const { t } = useTranslation('clearance');
  return (
    <FormField id={fieldId(name)} label={t(`apply.fields.${name}`)} required={required} error={errorOf(form.formState.errors, name)}>
      <select {...form.register(name)}>
        <option value="">{t('apply.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

function Tick({ form, name, label }: { form: Form; name: 'declaration' | 'payment_declaration' | 'previously_applied' | 'slbfe_referred'; label: string }) {
  const text = useValidationText();
  const error = errorOf(form.formState.errors, name);
  const id = fieldId(name);
  return (
    <div className={`field field--check${error ? ' field--error' : ''}`}>
      <input type="checkbox" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

function StepFields({ step, form, account }: { step: number; form: Form; account: WizardAccount }) {
  switch (step) {
    case 1:
      return <Step1 form={form} />;
    case 2:
      return <Step2 form={form} account={account} />;
    case 3:
      return <Step3 form={form} />;
    case 4:
      return <Step4 form={form} />;
    case 5:
      return <Step5 form={form} />;
    case 6:
      return <Step6 form={form} />;
    case 7:
      return <Step7 form={form} />;
    case 8:
      return <Step8 form={form} />;
    default:
      return <Step9 form={form} />;
  }
}

function Step1({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  const text = useValidationText();
  const [nationality, dateOfBirth, left] = form.watch(['nationality', 'date_of_birth', 'left_before_sixteen']);
  const age = ageOn(dateOfBirth);
  const leftError = errorOf(form.formState.errors, 'left_before_sixteen');
  const leftId = fieldId('left_before_sixteen');
  return (
    <div className="form-grid">
      <Select form={form} name="application_type" required options={[{ value: 'new', label: t('apply.applicationTypes.new') }]} />
      <Select form={form} name="nationality" required options={CLEARANCE_NATIONALITIES.map((value) => ({ value, label: t(`apply.nationalities.${value}`) }))} />
      {nationality === 'other' ? <Text form={form} name="nationality_other" required /> : null}
      <Text form={form} name="date_of_birth" type="date" required autoComplete="bday" />
      <div className="field">
        <label htmlFor="clr-age">{t('apply.fields.age')}</label>
        <input id="clr-age" type="text" readOnly value={age === undefined ? '' : String(age)} aria-describedby="clr-age-hint" />
        <p className="field__hint" id="clr-age-hint">
          {t('apply.ageHint')}
        </p>
      </div>
      <fieldset className={`field${leftError ? ' field--error' : ''}`} aria-describedby={leftError ? `${leftId}-error` : undefined}>
        <legend>
          {t('apply.fields.left_before_sixteen')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {(['yes', 'no'] as const).map((v, i) => (
          <label key={v} className="clearance-radio">
            <input type="radio" value={v} id={i === 0 ? leftId : `${leftId}-${v}`} {...form.register('left_before_sixteen')} /> {t(`apply.${v}`)}
          </label>
        ))}
        {leftError ? (
          <p className="field__error" id={`${leftId}-error`}>
            {text(leftError)}
          </p>
        ) : null}
      </fieldset>
      {left === 'yes' ? <CountryNotice /> : null}
    </div>
  );
}

function Step2({ form, account }: { form: Form; account: WizardAccount }) {
  const { t } = useTranslation('clearance');
  const stationName = useStationName();
  return (
    <div className="stack">
      {account.passport ? <Alert kind="warning">{t('apply.passportAccount')}</Alert> : null}
      <div className="form-grid">
        {account.nic ? (
          // The account's NIC, shown and sent as it is: nothing to type or confirm.
          <Text form={form} name="nic_number" required readOnly hint={t('apply.nicFromAccount')} />
        ) : (
          <>
            <Text form={form} name="nic_number" required />
            <Text form={form} name="confirm_nic_number" required />
          </>
        )}
        <Text form={form} name="new_nic_number" />
        <Text form={form} name="passport_number" />
        <Text form={form} name="confirm_passport_number" />
        <Country form={form} name="country" />
        <Select form={form} name="station" required options={CLEARANCE_STATIONS.map((value) => ({ value, label: stationName(value) }))} />
      </div>
    </div>
  );
}

function Step3({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  return (
    <div className="form-grid">
      <Text form={form} name="full_name_nic" required autoComplete="name" />
      <Select form={form} name="sex" required options={CLEARANCE_SEXES.map((value) => ({ value, label: t(`apply.sexes.${value}`) }))} />
      <Select form={form} name="title" required options={CLEARANCE_TITLES.map((value) => ({ value, label: t(`apply.titles.${value}`) }))} />
      <Text form={form} name="full_name_passport" />
      <Text form={form} name="name_to_print" required />
      <Text form={form} name="passport_issue_date" type="date" />
    </div>
  );
}

function Step4({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  const rows = useFieldArray({ control: form.control, name: 'residence_history' });
  const tooMany = errorOf(form.formState.errors, 'residence_history');
  const text = useValidationText();
  return (
    <div className="stack">
      <div className="form-grid">
        <Text form={form} name="address_sri_lanka" required />
        <Text form={form} name="address_overseas" />
        <Text form={form} name="occupation" required />
        <Text form={form} name="purpose" required />
      </div>
      <Tick form={form} name="previously_applied" label={t('apply.fields.previously_applied')} />
      <h3 id={fieldId('residence_history')} tabIndex={-1}>
        {t('apply.fields.residence_history')}
      </h3>
      {tooMany ? <p className="field__error">{text(tooMany)}</p> : null}
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="clearance-residence">
          <legend>{t('apply.residence.entry', { n: i + 1 })}</legend>
          <div className="form-grid">
            {(['address', 'policeArea', 'fromDate', 'toDate'] as const).map((key) => {
              const name = `residence_history.${i}.${key}` as const;
              return (
                <FormField key={key} id={fieldId(name)} label={t(`apply.residence.${key}`)} required error={errorOf(form.formState.errors, name)}>
                  <input type={key.endsWith('Date') ? 'date' : 'text'} maxLength={maxLengthOf(CLEARANCE_RECORD, name)} {...form.register(name)} />
                </FormField>
              );
            })}
          </div>
          <button type="button" className="button button--ghost" onClick={() => rows.remove(i)}>
            {t('apply.residence.remove', { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      {rows.fields.length < RESIDENCE_HISTORY_MAX ? (
        <button type="button" className="button button--secondary" onClick={() => rows.append({ address: '', policeArea: '', fromDate: '', toDate: '' })}>
          {t('apply.residence.add')}
        </button>
      ) : null}
    </div>
  );
}

function Step5({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  return (
    <div className="stack">
      <div className="form-grid">
        <Text form={form} name="delivery_address1" required autoComplete="address-line1" />
        <Text form={form} name="delivery_address2" autoComplete="address-line2" />
        <Text form={form} name="delivery_city" required autoComplete="address-level2" />
        <Text form={form} name="delivery_postal_code" required autoComplete="postal-code" />
        <Text form={form} name="delivery_state" required autoComplete="address-level1" />
        <Country form={form} name="delivery_country" />
        <Text form={form} name="mobile_number" type="tel" required autoComplete="tel" />
        <Text form={form} name="confirm_mobile_number" type="tel" required />
        <Text form={form} name="email" type="email" required autoComplete="email" />
        <Text form={form} name="confirm_email" type="email" required />
      </div>
      <Tick form={form} name="slbfe_referred" label={t('apply.fields.slbfe_referred')} />
    </div>
  );
}

function Step6({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  return (
    <div className="stack">
      <p>{t('apply.spouseLead')}</p>
      <div className="form-grid">
        <Text form={form} name="spouse.full_name" />
        <Text form={form} name="spouse.nationality" />
        <Text form={form} name="spouse.passport_number" />
        <Text form={form} name="spouse.nic_number" />
      </div>
    </div>
  );
}

function Step7({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  const [dateOfBirth, uploads, files] = form.watch(['date_of_birth', 'uploads', 'upload_files']);
  const required = requiredDocuments(dateOfBirth);
  const age = ageOn(dateOfBirth);
  const minor = age !== undefined && age < CLEARANCE_ADULT_AGE;
  const shown = CLEARANCE_DOCUMENTS.filter((d) => minor || !d.startsWith('birthCertificate'));
  const set = (d: ClearanceDocument, file: { path: string; name: string; type: string } | null) => {
    form.setValue(`uploads.${d}`, file?.path ?? '', { shouldDirty: true });
    form.setValue(`upload_files.${d}`, file ? { name: file.name, type: file.type } : null, { shouldDirty: true });
    form.clearErrors(`uploads.${d}`);
  };
  return (
    <div className="stack">
      <p>{t('apply.documentsLead')}</p>
      {shown.map((d) => (
        <DocumentUpload
          key={d}
          document={d}
          required={d in required}
          value={uploads?.[d] ? { path: uploads[d], name: files?.[d]?.name ?? uploads[d], type: files?.[d]?.type ?? '' } : null}
          error={errorOf(form.formState.errors, `uploads.${d}`)}
          onChange={(file) => set(d, file)}
        />
      ))}
    </div>
  );
}

function Step8({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  return (
    <div className="stack">
      <p>{t('apply.declarationText')}</p>
      <Tick form={form} name="declaration" label={t('apply.fields.declaration')} />
    </div>
  );
}

/** The answers as they will be sent, read back before paying, each in the reader's language (countries, stations, choices). */
function Review({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  const stationName = useStationName();
  const countryName = useCountryName();
  return (
    <section className="clearance-review" aria-labelledby="clr-review-title">
      <h3 id="clr-review-title">{t('apply.review.title')}</h3>
      <p>{t('apply.review.lead')}</p>
      <RecordDetails
        record={CLEARANCE_RECORD}
        values={toPayload(form.getValues())}
        namespace="clearance"
        answers={{ yes: 'apply.yes', no: 'apply.no' }}
        idPrefix="clr-review"
        valueText={{ station: stationName, country: countryName, delivery_country: countryName }}
        sectionClassName="clearance-review__section"
        sections={CLEARANCE_DETAIL_SECTIONS.map((id) => ({ id, title: t(`officer.sections.${id}`) }))}
      />
    </section>
  );
}

function Step9({ form }: { form: Form }) {
  const { t } = useTranslation('clearance');
  const format = useFormat();
  return (
    <div className="stack">
      <Review form={form} />
      <dl className="clearance-facts">
        <dt>{t('apply.fee')}</dt>
        <dd className="money">{format.money(CLEARANCE_FEE_AMOUNT)}</dd>
        <dt>{t('apply.total')}</dt>
        <dd>
          <strong className="money">{format.money(CLEARANCE_FEE_AMOUNT)}</strong>
        </dd>
      </dl>
      <p>{t('apply.paymentLead')}</p>
      <Tick form={form} name="payment_declaration" label={t('apply.fields.payment_declaration')} />
    </div>
  );
}
