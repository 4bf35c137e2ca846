import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { closeAccountRequestSchema, colomboDate, myDataFileName, type CloseAccountRequest } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { PageTitle } from '../../components/PageTitle';
import { SubmitButton } from '../../components/SubmitButton';
import { useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useSummaryForm } from '../../components/use-summary-form';
import { useSession } from '../../lib/session/session-context';
import { paths } from '../../paths';
import { AccountNav } from './AccountNav';
import { downloadMyData, useCloseAccount } from './api';

type Outcome = { kind: 'success' | 'error'; text: string; at: number };

/** "Download my data": a JSON file of everything the portal keeps about the citizen that is theirs to read. */
function DownloadSection() {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useFocusOutcome(outcome?.at ?? null);

  const download = async () => {
    setPending(true);
    setOutcome(null);
    try {
      await downloadMyData(myDataFileName(colomboDate()));
      setOutcome({ kind: 'success', text: t('data.downloaded'), at: Date.now() });
    } catch (err) {
      setOutcome({ kind: 'error', text: `${t('data.downloadFailed')} ${errorMessage(err)}`, at: Date.now() });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card account-page__section" aria-labelledby="my-data-download">
      <h2 id="my-data-download">{t('data.downloadTitle')}</h2>
      <p>{t('data.downloadIntro')}</p>
      <ul>
        <li>{t('data.includesProfile')}</li>
        <li>{t('data.includesComplaints')}</li>
        <li>{t('data.includesClearance')}</li>
        <li>{t('data.includesFines')}</li>
        <li>{t('data.includesPayments')}</li>
      </ul>
      <button type="button" className="button button--primary" disabled={pending} onClick={() => void download()}>
        {pending ? t('data.downloading') : t('data.download')}
      </button>
      <div ref={outcomeRef} tabIndex={-1} className="account-page__outcome">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
    </section>
  );
}

/** The confirmation dialog's form: the consequences in words, and the current password asked again. */
function CloseAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const close = useCloseAccount();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useSummaryForm<CloseAccountRequest>({ resolver: zodResolver(closeAccountRequestSchema), defaultValues: { password: '' } });
  // Numbered, so that the same refusal twice takes the focus again.
  const [failure, setFailure] = useState<{ text: string; n: number } | null>(null);
  const failureRef = useFocusOutcome(failure?.n ?? null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await close.mutateAsync(values);
    } catch (err) {
      const text = errorMessage(err);
      setFailure((previous) => ({ text, n: (previous?.n ?? 0) + 1 }));
      return;
    }
    // The server ended every session: this browser forgets its own, and the next page says what happened.
    await signOut();
    navigate(paths.accountClosed, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary items={summaryFrom(errors, [{ name: 'password', id: 'close-password', label: t('close.password') }])} focusKey={submitCount} />
      <p>{t('close.confirmIntro')}</p>
      <ul>
        <li>{t('close.consequenceSignIn')}</li>
        <li>{t('close.consequenceSessions')}</li>
        <li>{t('close.consequenceRecords')}</li>
        <li>{t('close.consequenceReopen')}</li>
      </ul>
      <FormField id="close-password" label={t('close.password')} hint={t('close.passwordHint')} error={errors.password?.message} required>
        <input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <div ref={failureRef} tabIndex={-1} className="account-page__outcome">
        {failure ? <Alert kind="error">{failure.text}</Alert> : null}
      </div>
      <div className="row">
        <SubmitButton kind="danger" pending={close.isPending} label={t('close.confirmButton')} pendingLabel={t('close.closing')} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('close.cancel')}
        </button>
      </div>
    </form>
  );
}

/** "My data" (citizens): download what the portal keeps about them, or ask for the account to be closed. */
export function MyDataPage() {
  const { t } = useTranslation('account');
  const [closing, setClosing] = useState(false);
  return (
    <section className="page account-page">
      <PageTitle>{t('data.title')}</PageTitle>
      <AccountNav />
      <p>{t('data.intro')}</p>
      <DownloadSection />
      <section className="card account-page__section account-page__danger" aria-labelledby="my-data-close">
        <h2 id="my-data-close">{t('close.title')}</h2>
        <p>{t('close.intro')}</p>
        <button type="button" className="button button--danger" onClick={() => setClosing(true)}>
          {t('close.button')}
        </button>
      </section>
      <Modal open={closing} title={t('close.confirmTitle')} onClose={() => setClosing(false)}>
        <CloseAccountForm onCancel={() => setClosing(false)} />
      </Modal>
    </section>
  );
}

/** Said once the account is closed (the browser is signed out by then). */
export function AccountClosedPage() {
  const { t } = useTranslation('account');
  return (
    <section className="page account-page">
      <PageTitle>{t('closed.title')}</PageTitle>
      <Alert kind="success">{t('closed.done')}</Alert>
      <p>{t('closed.records')}</p>
      <p>{t('closed.reopen')}</p>
    </section>
  );
}
