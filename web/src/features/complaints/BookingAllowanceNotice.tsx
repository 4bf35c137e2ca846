import { useTranslation } from 'react-i18next';
import { MAX_UPCOMING_BOOKINGS, MISSED_APPOINTMENTS_FOR_LIMIT, MISSED_WINDOW_DAYS } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { useFormat } from '../../components/format';
import { useBookingAllowance } from './api';

/**
 * Tells a citizen under the missed-appointments limit why they may hold fewer appointments, and from which day the
 * usual limit applies again, before they choose a slot (the booking would otherwise be refused with the same reason).
 * Shows nothing under the usual limit, or when the allowance could not be read.
 */
export function BookingAllowanceNotice() {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const allowance = useBookingAllowance();
  const limit = allowance.data;
  if (!limit?.limited_until) return null;
  const date = format.calendarDate(limit.limited_until);
  return (
    <Alert kind="warning">
      <span data-testid="missed-limit-notice">
        {t('appointment.missedLimit', {
          missed: MISSED_APPOINTMENTS_FOR_LIMIT,
          window: MISSED_WINDOW_DAYS,
          max: limit.max_upcoming,
          usual: MAX_UPCOMING_BOOKINGS,
          date,
        })}
        {limit.upcoming >= limit.max_upcoming ? ` ${t('appointment.missedLimitFull', { date })}` : null}
      </span>
    </Alert>
  );
}
