import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRANCHES, type AdminSlot, type Branch, type OfficerSearchResult } from '@pes/contracts';
import { Alert } from '../../../components/Alert';
import { useErrorMessage } from '../../../components/errors';
import { useFocusOutcome } from '../../../components/use-focus-outcome';
import { hhmm, useFormat } from '../../../components/format';
import { QueryState } from '../../../components/QueryState';
import { useDebounced } from '../../../lib/use-debounced';
import { useAssignOfficer, useOfficerSearch } from './api';
import { SearchField } from '../../../components/SearchField';

/** Officers of the station, filtered by branch and name; clicking one assigns them to the selected slot. */
export function AssignOfficers({ slot, station }: { slot: AdminSlot | null; station: string }) {
  const { t } = useTranslation('slots');
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const [branch, setBranch] = useState<Branch | ''>(slot?.branch ?? '');
  const [name, setName] = useState('');
  const search = useOfficerSearch(useDebounced(name.trim(), 250), branch, station);
  const assign = useAssignOfficer();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // The officer's button is disabled while the assignment runs: focus goes to the outcome, not to <body>.
  const messageRef = useFocusOutcome(message);

  // Selecting another slot narrows the list to the officers who can serve it: adjusted while rendering, as React
  // advises for state that follows a prop, so the list never shows a frame filtered for the previous slot.
  const [slotId, setSlotId] = useState(slot?.id);
  if (slot?.id !== slotId) {
    setSlotId(slot?.id);
    if (slot) setBranch(slot.branch);
    setMessage(null);
  }

  const assignOfficer = async (officer: OfficerSearchResult) => {
    if (!slot) {
      setMessage({ kind: 'error', text: t('assign.selectFirst') });
      return;
    }
    setMessage(null);
    try {
      await assign.mutateAsync({ slotId: slot.id, officerId: officer.id });
      setMessage({ kind: 'success', text: t('assign.assigned', { name: officer.full_name }) });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, 'slots:assign.failed_assign') });
    }
  };

  const assignedIds = new Set(slot?.officers.map((o) => o.id));
  return (
    <section className="card" aria-labelledby="assign-title">
      <h2 id="assign-title">{t('assign.title')}</h2>
      <p className="slots__intro">{t('assign.intro')}</p>
      <p className="slots__selected" aria-live="polite">
        {slot
          ? t('assign.selectedSlot', {
              date: format.calendarDate(slot.date),
              from: hhmm(slot.time_from),
              to: hhmm(slot.time_to),
              branch: t(`branches.${slot.branch}`),
            })
          : t('assign.noSlot')}
      </p>
      <div className="slots__filter">
        <div className="field">
          <label htmlFor="officer-branch">{t('assign.branch')}</label>
          <select id="officer-branch" value={branch} onChange={(e) => setBranch(e.target.value as Branch | '')}>
            <option value="">{t('assign.allBranches')}</option>
            {BRANCHES.map((b) => (
              <option key={b} value={b}>
                {t(`branches.${b}`)}
              </option>
            ))}
          </select>
        </div>
        <SearchField id="officer-search" label={t('assign.search')} value={name} onChange={setName} />
      </div>
      <div aria-live="polite" ref={messageRef} tabIndex={-1} className="slots__result" data-testid="assign-result">
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      </div>
      <QueryState query={search} loading={t('assign.loading')} error={t('assign.failed')} empty={<p className="slots__empty">{t('assign.empty')}</p>}>
        {(officers) => (
          <ul className="slots__officer-list" aria-label={t('assign.listLabel')}>
            {officers.map((officer) => {
              const assigned = assignedIds.has(officer.id);
              return (
                <li key={officer.id}>
                  <button type="button" className="slots__officer" onClick={() => void assignOfficer(officer)} disabled={assigned || assign.isPending}>
                    <span className="slots__officer-name">{officer.full_name}</span>
                    <span className="slots__officer-meta">
                      {[officer.officer_id, officer.rank, t(`branches.${officer.branch}`)].filter(Boolean).join(' · ')}
                    </span>
                    {assigned ? <span className="badge badge--completed">{t('assign.alreadyAssigned')}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
