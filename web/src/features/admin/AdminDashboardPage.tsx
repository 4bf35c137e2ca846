import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { colomboDate, type AdminSlot } from '@pes/contracts';
import { PageTitle } from '../../components/PageTitle';
import { paths } from '../../paths';
import { LinkActions } from '../../components/LinkActions';
import { useSession } from '../../lib/session/session-context';
import { useStationName } from '../../lib/stations/stations';
import { AddSlotForm } from './slots/AddSlotForm';
import { AssignOfficers } from './slots/AssignOfficers';
import { SlotsOverview, type OverviewFilter } from './slots/SlotsOverview';
import { useAdminSlots } from './slots/api';
import { WorkloadTable } from './workload/WorkloadTable';
import './slots/slots.css';

/** The administrator's home: appointment slots and the officers who serve them. */
export function AdminDashboardPage() {
  const { t } = useTranslation(['slots', 'common', 'admin']);
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const stationName = useStationName();
  const adminStation = user?.station ?? '';
  const [filter, setFilter] = useState<OverviewFilter>({ date: colomboDate(), station: adminStation });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [logoutFailed, setLogoutFailed] = useState(false);
  // The selected slot is read from the overview's data, so assignments show in both at once.
  const slots = useAdminSlots(filter.date, filter.station);
  const selected = slots.data?.find((s) => s.id === selectedId) ?? null;

  const logout = async () => {
    setLogoutFailed(false);
    try {
      await signOut();
      navigate(paths.adminLogin);
    } catch {
      setLogoutFailed(true);
    }
  };
  const showCreated = (slot: AdminSlot) => {
    setFilter({ date: slot.date, station: slot.station });
    setSelectedId(slot.id);
  };

  return (
    <section className="page admin-dashboard">
      <PageTitle>{t('common:pageTitles.adminDashboard')}</PageTitle>
      <div className="card admin-dashboard__welcome">
        <div>
          <p className="admin-dashboard__hello">{t('welcome', { name: user?.username ?? '' })}</p>
          {adminStation ? <p className="slots__muted">{t('welcomeStation', { station: stationName(adminStation) })}</p> : null}
        </div>
        <LinkActions
          actions={[
            { to: paths.adminCreateOfficer, label: t('createOfficer') },
            { to: paths.adminUsers, label: t('manageUsers') },
            { to: paths.adminAudit, label: t('admin:auditLog') },
          ]}
        >
          <button type="button" className="button button--ghost" onClick={() => void logout()}>
            {t('logout')}
          </button>
        </LinkActions>
        {logoutFailed ? (
          <p role="alert" className="field__error">
            {t('logoutFailed')}
          </p>
        ) : null}
      </div>
      <AddSlotForm defaultStation={adminStation} onCreated={showCreated} />
      <div className="admin-dashboard__grid">
        <SlotsOverview filter={filter} onFilterChange={setFilter} selectedId={selectedId} onSelect={(slot) => setSelectedId(slot?.id ?? null)} />
        <AssignOfficers slot={selected} station={filter.station} />
      </div>
      <WorkloadTable />
    </section>
  );
}
