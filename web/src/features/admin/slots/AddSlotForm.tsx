import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { colomboDate, createSlotRequestSchema, SLOT_BRANCHES, SLOT_CAPACITY_MAX, SLOT_CAPACITY_MIN, type AdminSlot } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../../components/ErrorSummary';
import { applyServerFieldErrors, useErrorMessage } from '../../../components/errors';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { FormField } from '../../../components/FormField';
import { hhmm, useFormat } from '../../../components/format';
import { StationSelect } from '../../../lib/stations/StationSelect';
import { useCreateSlot } from './api';
import { SubmitButton } from '../../../components/SubmitButton';

interface SlotFormValues {
  date: string;
  time_from: string;
  time_to: string;
  available_slots: string;
  branch: string;
  station: string;
}
type CreateSlotBody = Parameters<ReturnType<typeof useCreateSlot>['mutateAsync']>[0];

/** Adds one appointment slot; the new slot is handed to the overview to be shown and selected. */
export function AddSlotForm({ defaultStation, onCreated }: { defaultStation: string; onCreated: (slot: AdminSlot) => void }) {
  const { t } = useTranslation('slots');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const create = useCreateSlot();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string; namesFields?: boolean } | null>(null);
  // The result takes the focus; a refusal naming fields leaves it to the error summary.
  const resultRef = useFocusOutcome(result, { skip: result?.namesFields === true });
  const { register, handleSubmit, setError, formState, reset, getValues, control } = useForm<SlotFormValues, unknown, CreateSlotBody>({
    resolver: zodResolver(createSlotRequestSchema) as unknown as Resolver<SlotFormValues, unknown, CreateSlotBody>,
    shouldFocusError: false,
    defaultValues: { date: colomboDate(), time_from: '', time_to: '', available_slots: '1', branch: '', station: defaultStation },
  });
  const station = useWatch({ control, name: 'station' });
  const errors = formState.errors;
  const fields = [
    { name: 'date', id: 'slot-date', label: t('add.date') },
    { name: 'time_from', id: 'slot-from', label: t('add.from') },
    { name: 'time_to', id: 'slot-to', label: t('add.to') },
    { name: 'available_slots', id: 'slot-available', label: t('add.available') },
    { name: 'branch', id: 'slot-branch', label: t('add.branch') },
    { name: 'station', id: 'slot-station', label: t('add.station') },
  ];

  const onSubmit = handleSubmit(
    async (body) => {
      setResult(null);
      try {
        const slot = await create.mutateAsync(body);
        setResult({
          kind: 'success',
          text: t('add.success', { date: format.calendarDate(slot.date), from: hhmm(slot.time_from), to: hhmm(slot.time_to) }),
        });
        // Keep the day, branch and station: admins usually add several slots in a row.
        reset({ ...getValues(), time_from: '', time_to: '' });
        onCreated(slot);
      } catch (err) {
        const namesFields = applyServerFieldErrors(err, setError);
        setResult({ kind: 'error', text: errorMessage(err, 'slots:add.failed'), namesFields });
      }
    },
    // Refused in the browser: the summary speaks, and no answer of an earlier try stays beside it.
    () => setResult(null),
  );

  return (
    <section className="card" aria-labelledby="add-slot-title">
      <h2 id="add-slot-title">{t('add.title')}</h2>
      <p className="slots__intro">{t('add.intro')}</p>
      {/* A refusal answers the values sent: once the admin edits one, it no longer applies (a success stays). */}
      <form noValidate onSubmit={onSubmit} onChange={() => setResult((current) => (current?.kind === 'error' ? null : current))}>
        <ErrorSummary items={summaryFrom(errors, fields)} />
        <div ref={resultRef} tabIndex={-1} className="slots__result" data-testid="add-slot-result">
          {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
        </div>
        <div className="slots__form-grid">
          <FormField id="slot-date" label={t('add.date')} required error={errors.date?.message}>
            <input type="date" min={colomboDate()} {...register('date')} />
          </FormField>
          <FormField id="slot-from" label={t('add.from')} required error={errors.time_from?.message}>
            <input type="time" {...register('time_from')} />
          </FormField>
          <FormField id="slot-to" label={t('add.to')} required error={errors.time_to?.message}>
            <input type="time" {...register('time_to')} />
          </FormField>
          <FormField id="slot-available" label={t('add.available')} required error={errors.available_slots?.message}>
            <input type="number" min={SLOT_CAPACITY_MIN} max={SLOT_CAPACITY_MAX} step={1} inputMode="numeric" {...register('available_slots')} />
          </FormField>
          <FormField id="slot-branch" label={t('add.branch')} required error={errors.branch?.message}>
            <select {...register('branch')}>
              <option value="">{t('add.chooseBranch')}</option>
              {SLOT_BRANCHES.map((b) => (
                <option key={b} value={b}>
                  {t(`branches.${b}`)}
                </option>
              ))}
            </select>
          </FormField>
          {/* The station select is controlled: the admin's station is preselected before the list has loaded. */}
          <FormField id="slot-station" label={t('add.station')} required error={errors.station?.message}>
            <StationSelect placeholder={t('add.chooseStation')} {...register('station')} value={station} />
          </FormField>
        </div>
        <SubmitButton pending={formState.isSubmitting} label={t('add.submit')} pendingLabel={t('add.submitting')} />
      </form>
    </section>
  );
}
