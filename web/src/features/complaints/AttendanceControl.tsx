import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_ATTENDANCE, colomboDate, type AppointmentAttendance, type Complaint } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { useErrorMessage } from '../../components/errors';
import { useFormat } from '../../components/format';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useMarkAttendance } from './api';

type Outcome = { kind: 'saved'; attendance: AppointmentAttendance } | { kind: 'failed'; error: unknown };

/** "Came", "Did not come" or "Not marked": the complaint's attendance in the reader's language. */
export function useAttendanceText() {
  const { t } = useTranslation('police');
  return (attendance: AppointmentAttendance | null) => t(`attendance.state.${attendance ?? 'none'}`);
}

/**
 * The officer marks whether the complainant came: two buttons, the one pressed showing the mark (aria-pressed), each
 * saving at once; pressing the other corrects it. Only on the appointment's day or after it (the server refuses
 * earlier, and says so); the outcome takes the focus, as the status form's does.
 */
export function AttendanceControl({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation('police');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const stateText = useAttendanceText();
  const mark = useMarkAttendance();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useFocusOutcome(outcome);
  const { appointment } = complaint;
  const titleId = `attendance-${complaint.id}-title`;

  const save = async (attendance: AppointmentAttendance) => {
    setOutcome(null);
    try {
      await mark.mutateAsync({ id: complaint.id, attendance });
      setOutcome({ kind: 'saved', attendance });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  };

  let body;
  if (!appointment) body = <p>{t('attendance.noAppointment')}</p>;
  else if (appointment.date > colomboDate()) body = <p>{t('attendance.notYet', { date: format.calendarDate(appointment.date) })}</p>;
  else
    body = (
      <>
        <div className="attendance__choices" role="group" aria-labelledby={`${titleId} ${titleId}-question`}>
          <p id={`${titleId}-question`} className="attendance__question">
            {t('attendance.question', { date: format.calendarDate(appointment.date) })}
          </p>
          {APPOINTMENT_ATTENDANCE.map((value) => (
            <button
              key={value}
              type="button"
              className={complaint.attendance === value ? 'button button--primary' : 'button button--secondary'}
              aria-pressed={complaint.attendance === value}
              disabled={mark.isPending}
              onClick={() => void save(value)}
            >
              {t(`attendance.mark.${value}`)}
            </button>
          ))}
        </div>
        {complaint.attendance ? <p className="attendance__hint">{t('attendance.correctHint')}</p> : null}
      </>
    );

  return (
    <section className="attendance" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('attendance.title')}</h3>
      <div ref={outcomeRef} tabIndex={-1} aria-live="polite" className="attendance__outcome">
        {outcome?.kind === 'saved' ? <Alert kind="success">{t('attendance.saved', { state: stateText(outcome.attendance) })}</Alert> : null}
        {outcome?.kind === 'failed' ? (
          <Alert kind="error">
            <strong>{t('attendance.failed')}</strong> {errorMessage(outcome.error)}
          </Alert>
        ) : null}
      </div>
      {body}
    </section>
  );
}
