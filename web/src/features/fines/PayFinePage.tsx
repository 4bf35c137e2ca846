import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NIC_PATTERN, fineSearchQuerySchema, type FineSearchQuery } from '@pes/contracts';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { PageTitle } from '../../components/PageTitle';
import { QueryState } from '../../components/QueryState';
import { useErrorMessage } from '../../components/errors';
import { paths } from '../../paths';
import { useSession } from '../../lib/session/session-context';
import { goToServerUrl } from '../../lib/api/server-redirect';
import { useFineSearch, useInitiatePayment } from './api';
import { PaymentHistory } from './components/PaymentHistory';
import { SearchResultsTable } from './components/SearchResultsTable';
import { IdentityVehicleFields } from './components/IdentityVehicleFields';
import { SubmitButton } from '../../components/SubmitButton';
import { useSummaryForm } from '../../components/use-summary-form';
import './fines.css';

/** A citizen finds their fines by identity and vehicle number together, and pays an unpaid one by card. */
export function PayFinePage() {
  const { t } = useTranslation(['fines', 'common']);
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const [query, setQuery] = useState<FineSearchQuery | null>(null);
  const search = useFineSearch(query);
  const pay = useInitiatePayment();
  const [payingId, setPayingId] = useState<string | null>(null);

  // The citizen's own identity number is the usual one to search with.
  const ownNumber = user?.identity_number ?? '';
  const defaultValues: FineSearchQuery = {
    identity_type: ownNumber && !NIC_PATTERN.test(ownNumber) ? 'Passport' : 'NIC',
    identity_number: ownNumber,
    vehicle_number: '',
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSummaryForm({
    resolver: zodResolver(fineSearchQuerySchema),
    defaultValues,
  });

  const fields = [
    { name: 'identity_type', id: 'fine-search-identity-type', label: t('fields.identityType') },
    { name: 'identity_number', id: 'fine-search-identity-number', label: t('fields.identityNumber') },
    { name: 'vehicle_number', id: 'fine-search-vehicle-number', label: t('fields.vehicleNumber') },
  ];

  const onSubmit = handleSubmit((values) => {
    pay.reset();
    const next = { identity_type: values.identity_type, identity_number: values.identity_number, vehicle_number: values.vehicle_number };
    if (query && JSON.stringify(query) === JSON.stringify(next)) void search.refetch();
    else setQuery(next);
  });

  const startPayment = (fineId: string) => {
    setPayingId(fineId);
    pay.mutate(fineId, {
      onSuccess: ({ url }) => goToServerUrl(url),
      onError: () => setPayingId(null),
    });
  };

  return (
    <section className="page fines-page">
      <PageTitle subtitle={t('pay.intro')}>{t('common:pageTitles.payFine')}</PageTitle>

      <form className="card fines-search-form" onSubmit={onSubmit} noValidate aria-labelledby="fine-search-title">
        <h2 id="fine-search-title">{t('pay.searchTitle')}</h2>
        <ErrorSummary items={summaryFrom(errors, fields)} />
        <div className="form-grid">
          <IdentityVehicleFields
            idPrefix="fine-search"
            fields={{ identityType: register('identity_type'), identityNumber: register('identity_number'), vehicleNumber: register('vehicle_number') }}
            errors={{
              identityType: errors.identity_type?.message,
              identityNumber: errors.identity_number?.message,
              vehicleNumber: errors.vehicle_number?.message,
            }}
            hints={{ identityNumber: t('pay.identityHint'), vehicleNumber: t('pay.vehicleHint') }}
          />
        </div>
        <div className="fines-search-form__actions">
          <SubmitButton pending={search.isFetching} label={t('pay.search')} pendingLabel={t('pay.searching')} />
        </div>
      </form>

      <div aria-live="polite" className="stack" style={{ marginTop: '1rem' }}>
        {pay.isError ? <Alert kind="error">{errorMessage(pay.error, 'fines:pay.paymentFailed')}</Alert> : null}
        {payingId && !pay.isError ? <Alert kind="info">{t('pay.redirecting')}</Alert> : null}
        {query ? (
          <QueryState
            query={search}
            loading={t('pay.searching')}
            error={t('pay.searchFailed')}
            isEmpty={(data) => data.fines.length === 0}
            empty={<Alert kind="info">{t('pay.noFines')}</Alert>}
          >
            {({ fines }) => (
              <div className="card">
                <h2>{t('pay.resultsTitle', { count: fines.length })}</h2>
                <SearchResultsTable fines={fines} payingId={payingId} onPay={startPayment} />
                <p className="fines-empty">{t('pay.securityNote')}</p>
              </div>
            )}
          </QueryState>
        ) : null}
      </div>

      <section className="card fines-history" aria-labelledby="fine-history-title">
        <h2 id="fine-history-title">{t('pay.historyTitle')}</h2>
        <PaymentHistory empty={<p>{t('history.empty')}</p>} />
        <p>
          <Link to={paths.trackFine}>{t('pay.historyLink')}</Link>
        </p>
      </section>
    </section>
  );
}
