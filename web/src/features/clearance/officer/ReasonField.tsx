import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField';

/** The contract's limit of a rejection's reason (clearanceStatusUpdateSchema). */
const REASON_MAX = 1000;

/** Why an application is rejected (or its certificate withdrawn): the citizen reads it. */
export function ReasonField({
  id,
  label,
  error,
  value,
  field,
}: {
  id: string;
  label: string;
  error?: string;
  value: string | undefined;
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('clearance');
  return (
    <FormField id={id} label={label} hint={t('officer.status.reasonHint')} error={error} required counter={{ value, max: REASON_MAX }}>
      <textarea rows={3} maxLength={REASON_MAX} {...field} />
    </FormField>
  );
}
