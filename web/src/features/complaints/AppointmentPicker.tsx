import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { colomboDate, type SlotBranch } from '@pes/contracts';
import { FormField } from '../../components/FormField';
import { hhmm } from '../../components/format';
import { usePublicSlots } from './api';
import { BookingAllowanceNotice } from './BookingAllowanceNotice';
import type { ComplaintFormValues } from './complaint-form';
import { StationSelect } from '../../lib/stations/StationSelect';
import { useStations } from '../../lib/stations/stations';

/**
 * Station first, then the day, then one of that day's slots of the branch at the station (spec §5):
 * the slot list loads only once both are chosen, and the chosen slot is cleared when either changes.
 */
export function AppointmentPicker({ form, branch }: { form: UseFormReturn<ComplaintFormValues>; branch: SlotBranch }) {
  const { t } = useTranslation('complaints');
  const { register, setValue, watch, formState } = form;
  const station = watch('station');
  const date = watch('appointment_date');
  const slotId = watch('slot_id');
  const today = colomboDate();
  const dateUsable = date !== '' && date >= today;
  const slots = usePublicSlots(dateUsable ? date : '', branch, station);
  const stations = useStations();
  const clearSlot = () => setValue('slot_id', '', { shouldValidate: false });

  // A slot that is no longer offered (deleted, or the list changed) cannot stay chosen.
  useEffect(() => {
    if (slotId && slots.data && !slots.data.some((s) => String(s.id) === slotId && s.available_slots > 0)) setValue('slot_id', '', { shouldValidate: false });
  }, [slots.data, slotId, setValue]);

  let slotMessage: string | null = null;
  if (date && !station) slotMessage = t('appointment.chooseStationFirst');
  else if (date && date < today) slotMessage = t('validation:dateNotPast');
  else if (!date || !station) slotMessage = t('appointment.chooseDateFirst');
  else if (slots.isPending) slotMessage = t('appointment.loadingSlots');
  else if (slots.isError) slotMessage = t('appointment.slotsFailed');
  else if (slots.data.length === 0) slotMessage = t('appointment.noSlots');
  const slotsReady = Boolean(slots.data && slots.data.length > 0 && dateUsable && station);

  return (
    <div className="appointment-picker">
      <BookingAllowanceNotice />
      {stations.isError ? <p className="field__error">{t('appointment.stationsFailed')}</p> : null}
      <div className="form-grid">
        <FormField id="station" label={t('appointment.station')} required error={formState.errors.station?.message}>
          {/* Controlled, like the slot below: a value put back from a draft shows once the options have loaded. */}
          <StationSelect placeholder={t('appointment.stationPlaceholder')} {...register('station', { onChange: clearSlot })} value={station} />
        </FormField>
        <FormField id="appointment_date" label={t('appointment.date')} required>
          <input type="date" min={today} {...register('appointment_date', { onChange: clearSlot })} />
        </FormField>
      </div>
      <FormField
        id="slot_id"
        label={t('appointment.slot')}
        required
        error={formState.errors.slot_id?.message}
        hint={
          <span className="appointment-picker__status" aria-live="polite">
            {slotMessage}
          </span>
        }
      >
        <select disabled={!slotsReady} {...register('slot_id')} value={slotId}>
          <option value="">{t('appointment.slotPlaceholder')}</option>
          {slotsReady
            ? slots.data!.map((slot) => {
                const from = hhmm(slot.time_from);
                const to = hhmm(slot.time_to);
                const full = slot.available_slots <= 0;
                return (
                  <option key={slot.id} value={String(slot.id)} disabled={full}>
                    {full ? t('appointment.slotFull', { from, to }) : t('appointment.slotOption', { from, to, count: slot.available_slots })}
                  </option>
                );
              })
            : null}
        </select>
      </FormField>
    </div>
  );
}
