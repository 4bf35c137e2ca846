import { useTranslation } from 'react-i18next';
import type { IdentityType, OffenseType } from '@pes/contracts';

/** Translated names of the contracts' enums (the API keeps the English values). */
export function useFineLabels() {
  const { t } = useTranslation('fines');
  return {
    offense: (type: OffenseType) => t(`offenseTypes.${type}`),
    identityType: (type: IdentityType) => t(`identityTypes.${type}`),
    yesNo: (value: boolean) => (value ? t('yes') : t('no')),
  };
}
