import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { sandboxPayRequestSchema, type SandboxSession } from '@pes/contracts';
import { ApiError } from '../../lib/api/client';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { applyServerFieldErrors, hasFieldErrors, useErrorMessage } from '../../components/errors';
import { useFocusOutcome } from '../../components/use-focus-outcome';
import { useFormat } from '../../components/format';
import { paths } from '../../paths';
import { goToServerUrl } from '../../lib/api/server-redirect';
import { useCancelCheckout, useCheckoutSession, usePayCheckout } from './api';
import { formatExpiry, groupCardNumber, reformatInput } from './card-format';
import { useSummaryForm } from '../../components/use-summary-form';
import './payments.css';

/**
 * The sandbox gateway's hosted checkout (TEST mode): the portal's stand-in for Stripe Checkout.
 * Public, because the gateway page needs no portal sign-in; the long random session id is the key.
 * Any purpose pays here (fines now, clearance fees next), so it is a feature of its own with its own namespace.
 */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const { t } = useTranslation(['payments', 'common']);
  const session = useCheckoutSession(sessionId);
  const errorMessage = useErrorMessage();

  let body;
  if (session.isPending) {
    body = (
      <p className="page-status" role="status">
        {t('common:guard.loading')}
      </p>
    );
  } else if (session.isError) {
    const notFound = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <div className="card stack">
        <Alert kind="error">{notFound ? t('checkout.notFound') : errorMessage(session.error, 'payments:checkout.loadFailed')}</Alert>
        <p>
          <Link to={paths.home}>{t('common:actions.backHome')}</Link>
        </p>
      </div>
    );
  } else if (session.data.status !== 'open') {
    body = <ClosedSession session={session.data} />;
  } else {
    body = <CardForm session={session.data} />;
  }

  return (
    <section className="page checkout">
      <PageTitle>{t('common:pageTitles.checkout')}</PageTitle>
      <div className="checkout__test-banner" role="note" aria-label={t('checkout.testBannerLabel')}>
        <strong>{t('checkout.testBannerTitle')}</strong>
        <p>{t('checkout.testBannerBody')}</p>
        <p>
          {t('checkout.testCardSucceeds')} <code>4242 4242 4242 4242</code> · {t('checkout.testCardDeclined')} <code>4000 0000 0000 0002</code>
        </p>
      </div>
      {body}
    </section>
  );
}

/** What is paid for: the purpose and, for a fine, its violation (never the vehicle number), and the amount. */
function SessionSummary({ session }: { session: SandboxSession }) {
  const { t } = useTranslation(['payments', 'fines']);
  const format = useFormat();
  return (
    <div className="checkout__summary">
      <div>
        <p className="checkout__muted">{t('checkout.payingFor')}</p>
        <p>
          <strong>{t(`checkout.purposes.${session.purpose}`)}</strong>
        </p>
        {session.violation ? (
          <p className="checkout__violation">
            <span className="checkout__muted">{t('checkout.violation')}</span>{' '}
            {t(`fines:offenseTypes.${session.violation}`, { defaultValue: session.violation })}
          </p>
        ) : null}
      </div>
      <p className="checkout__amount" aria-label={t('checkout.amountLabel', { amount: format.money(session.amount) })}>
        {format.money(session.amount)}
      </p>
    </div>
  );
}

function ClosedSession({ session }: { session: SandboxSession }) {
  const { t } = useTranslation(['payments', 'common']);
  const kind = session.status === 'paid' ? 'success' : 'warning';
  return (
    <div className="card stack">
      <SessionSummary session={session} />
      <Alert kind={kind}>{t(`checkout.closed.${session.status}`)}</Alert>
      <p>
        <Link to={paths.home}>{t('common:actions.backHome')}</Link>
      </p>
    </div>
  );
}

function CardForm({ session }: { session: SandboxSession }) {
  const { t } = useTranslation(['payments', 'common']);
  const errorMessage = useErrorMessage();
  const format = useFormat();
  const pay = usePayCheckout(session.id);
  const cancel = useCancelCheckout(session.id);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSummaryForm({
    resolver: zodResolver(sandboxPayRequestSchema),
    defaultValues: { card_number: '', expiry: '', cvc: '', cardholder_name: '' },
  });

  // Uncontrolled, reformatted in place as typed (see reformatInput).
  const cardNumber = register('card_number');
  const expiry = register('expiry');

  const fields = [
    { name: 'card_number', id: 'checkout-card-number', label: t('checkout.cardNumber') },
    { name: 'expiry', id: 'checkout-expiry', label: t('checkout.expiry') },
    { name: 'cvc', id: 'checkout-cvc', label: t('checkout.cvc') },
    { name: 'cardholder_name', id: 'checkout-cardholder', label: t('checkout.cardholderName') },
  ];

  const onSubmit = handleSubmit((card) => {
    cancel.reset();
    pay.mutate(card, {
      onSuccess: ({ redirect_url }) => {
        setLeaving(true);
        goToServerUrl(redirect_url);
      },
      onError: (err) => applyServerFieldErrors(err, setError),
    });
  });

  const onCancel = () => {
    pay.reset();
    cancel.mutate(undefined, {
      onSuccess: ({ redirect_url }) => {
        setLeaving(true);
        goToServerUrl(redirect_url);
      },
    });
  };

  const declined = pay.error instanceof ApiError && pay.error.code === 'payments.card_declined';
  // A refusal (a declined card above all) is brought into view and focused: on a phone it would sit above the
  // Pay button under the thumb, and people press Pay again into the card's limit. Field errors are the summary's.
  const failure = pay.error ?? cancel.error;
  const failureRef = useFocusOutcome(failure, { skip: hasFieldErrors(failure), block: 'center' });
  const busy = pay.isPending || cancel.isPending || leaving;
  // Paid already (by another checkout): nothing more to pay here; the error says whether money was taken back.
  if (pay.error instanceof ApiError && (pay.error.code === 'payments.already_paid' || pay.error.code === 'payments.refunded')) {
    return (
      <div className="card stack">
        <SessionSummary session={session} />
        <Alert kind="warning">{errorMessage(pay.error, 'payments:checkout.payFailed')}</Alert>
        <p>
          <Link to={paths.home}>{t('common:actions.backHome')}</Link>
        </p>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="checkout-form-title">
      <SessionSummary session={session} />
      <h2 id="checkout-form-title">{t('checkout.cardDetails')}</h2>
      <ErrorSummary items={summaryFrom(errors, fields)} />
      <div ref={failureRef} tabIndex={-1} className="checkout__failure" data-testid="checkout-failure">
        {pay.isError && !Object.keys(errors).length ? (
          <Alert kind="error">{declined ? t('checkout.declined') : errorMessage(pay.error, 'payments:checkout.payFailed')}</Alert>
        ) : null}
        {cancel.isError ? <Alert kind="error">{errorMessage(cancel.error, 'payments:checkout.cancelFailed')}</Alert> : null}
      </div>
      {leaving ? <Alert kind="info">{t('checkout.redirecting')}</Alert> : null}

      <FormField id="checkout-card-number" label={t('checkout.cardNumber')} error={errors.card_number?.message} required>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          {...cardNumber}
          onChange={(e) => {
            reformatInput(e.target, groupCardNumber);
            return cardNumber.onChange(e);
          }}
        />
      </FormField>
      <div className="checkout__row">
        <FormField id="checkout-expiry" label={t('checkout.expiry')} hint={t('checkout.expiryHint')} error={errors.expiry?.message} required>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            {...expiry}
            onChange={(e) => {
              reformatInput(e.target, formatExpiry);
              return expiry.onChange(e);
            }}
          />
        </FormField>
        <FormField id="checkout-cvc" label={t('checkout.cvc')} hint={t('checkout.cvcHint')} error={errors.cvc?.message} required>
          <input type="text" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...register('cvc')} />
        </FormField>
      </div>
      <FormField id="checkout-cardholder" label={t('checkout.cardholderName')} error={errors.cardholder_name?.message} required>
        <input type="text" autoComplete="cc-name" {...register('cardholder_name')} />
      </FormField>

      <div className="checkout__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {pay.isPending ? t('checkout.processing') : t('checkout.pay', { amount: format.money(session.amount) })}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          {t('checkout.cancel')}
        </button>
      </div>
    </form>
  );
}
