import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IDENTITY_TYPES } from '@pes/contracts';
import { FormField } from '../../../components/FormField';
import { useFineLabels } from './labels';

type Part = 'identityType' | 'identityNumber' | 'vehicleNumber';

/**
 * Who and which vehicle, as both the officer issuing a fine and the citizen searching for one enter them:
 * identity type, identity number and vehicle number. Ids are `<idPrefix>-identity-type` and so on.
 */
export function IdentityVehicleFields({
  idPrefix,
  fields,
  errors,
  hints,
}: {
  idPrefix: string;
  fields: Record<Part, UseFormRegisterReturn>;
  errors: Partial<Record<Part, string>>;
  hints: { identityNumber: string; vehicleNumber: string };
}) {
  const { t } = useTranslation('fines');
  const labels = useFineLabels();
  return (
    <>
      <FormField id={`${idPrefix}-identity-type`} label={t('fields.identityType')} error={errors.identityType} required>
        <select {...fields.identityType}>
          {IDENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels.identityType(type)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${idPrefix}-identity-number`} label={t('fields.identityNumber')} hint={hints.identityNumber} error={errors.identityNumber} required>
        <input type="text" autoComplete="off" spellCheck={false} {...fields.identityNumber} />
      </FormField>
      <FormField id={`${idPrefix}-vehicle-number`} label={t('fields.vehicleNumber')} hint={hints.vehicleNumber} error={errors.vehicleNumber} required>
        <input type="text" autoComplete="off" spellCheck={false} autoCapitalize="characters" {...fields.vehicleNumber} />
      </FormField>
    </>
  );
}
