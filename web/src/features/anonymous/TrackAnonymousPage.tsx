import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { ErrorSummary } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { useErrorMessage } from '../../components/errors';
import { useFormat } from '../../components/format';
import { ApiError } from '../../lib/api/client';
import { useTrackAnonymousComplaint } from './api';
import './anonymous.css';

/** Public: a tracking code shows its report's status and the dates it changed, nothing else. */
export function TrackAnonymousPage() {
  const { t } = useTranslation('anonymous');
  const errorMessage = useErrorMessage();
  const track = useTrackAnonymousComplaint();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const format = useFormat();
  // The suggested statuses in the reader's language; a status an officer wrote in their own words is shown as written.
  const statusText = (status: string) => t(`statuses.${status}`, { defaultValue: status });
  const day = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? format.calendarDate(date) : format.date(date));
  const resultRef = useRef<HTMLDivElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setAttempt((n) => n + 1);
    // A new try starts without the answer or the failure of the last one.
    track.reset();
    if (!code.trim()) return setError('required');
    setError(undefined);
    try {
      await track.mutateAsync(code.trim());
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.fieldKeys.tracking_code ?? 'trackingCodeFormat');
    }
  }

  const result = track.data;
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  return (
    <section className="page anonymous">
      <PageTitle subtitle={t('trackIntro')}>{t('trackTitle')}</PageTitle>
      <ErrorSummary items={error ? [{ id: 'anon-code', label: t('trackingCode'), message: error }] : []} focusKey={attempt} />
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField id="anon-code" label={t('trackingCode')} error={error} required>
          <input type="text" name="tracking_code" autoComplete="off" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <button type="submit" className="button button--primary" disabled={track.isPending}>
          {t('trackSubmit')}
        </button>
      </form>
      {track.isError && !(track.error instanceof ApiError && track.error.status === 400) ? (
        <Alert kind="error">
          {track.error instanceof ApiError && track.error.status === 404 ? t('trackNotFound') : errorMessage(track.error, 'anonymous:trackFailed')}
        </Alert>
      ) : null}
      {result ? (
        <div className="anonymous__tracked" ref={resultRef} tabIndex={-1} data-testid="tracked-result">
          <dl>
            <dt>{t('status')}</dt>
            <dd data-testid="tracked-status">{statusText(result.status)}</dd>
            <dt>{t('submittedOn')}</dt>
            <dd data-testid="tracked-submitted">{day(result.submitted_on)}</dd>
          </dl>
          <h2>{t('history')}</h2>
          {result.history.length === 0 ? (
            <p>{t('noChanges')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {result.history.map((h, i) => (
                  <tr key={i}>
                    <td>{day(h.date)}</td>
                    <td>{statusText(h.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : null}
    </section>
  );
}
