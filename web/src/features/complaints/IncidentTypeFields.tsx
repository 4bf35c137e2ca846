import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import {
  CRIME_CATEGORIES,
  CRIME_CATEGORY_DEFAULT_TYPE,
  CRIME_INCIDENT_TYPES,
  MINOR_OFFENSE_INCIDENT_TYPES,
  TRAFFIC_CATEGORIES,
  type ComplaintType,
  type CrimeCategory,
} from '@pes/contracts';
import { FormField, useValidationText } from '../../components/FormField';
import type { ComplaintFormValues } from './complaint-form';

/** The fields that differ between the three forms: what kind of incident it was. */
export function IncidentTypeFields({ type, form }: { type: ComplaintType; form: UseFormReturn<ComplaintFormValues> }) {
  const { t } = useTranslation('complaints');
  const { register, formState, watch, setValue } = form;
  const errors = formState.errors;
  const validationText = useValidationText();

  if (type === 'traffic') {
    return (
      <div className="form-grid">
        <FormField id="traffic_category" label={t('fields.traffic_category')} required error={errors.traffic_category?.message}>
          <select {...register('traffic_category')}>
            <option value="">{t('form.choose')}</option>
            {TRAFFIC_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`trafficCategory.${c}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="incident_type" label={t('fields.traffic_incident_type')} error={errors.incident_type?.message}>
          <input type="text" maxLength={100} {...register('incident_type')} />
        </FormField>
      </div>
    );
  }

  if (type === 'minor_offense') {
    return (
      <FormField id="incident_type" label={t('fields.incident_type')} required error={errors.incident_type?.message}>
        <select {...register('incident_type')}>
          <option value="">{t('form.choose')}</option>
          {MINOR_OFFENSE_INCIDENT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`incidentType.${c}`)}
            </option>
          ))}
        </select>
      </FormField>
    );
  }

  const category = watch('crime_category') as CrimeCategory | '';
  // One registration for the radio group (RHF keeps the options of the last one for a name).
  const categoryField = register('crime_category', {
    // The spec: choosing the kind presets the type (kidnapping or robbery).
    onChange: (event: { target: { value: string } }) => {
      const chosen = event.target.value as CrimeCategory;
      setValue('incident_type', CRIME_CATEGORY_DEFAULT_TYPE[chosen], { shouldValidate: formState.isSubmitted });
    },
  });
  const categoryError = errors.crime_category?.message;
  return (
    <>
      <fieldset
        id="crime_category"
        tabIndex={-1}
        className={categoryError ? 'field--error' : undefined}
        aria-describedby={categoryError ? 'crime_category-error' : undefined}
      >
        <legend>
          {t('fields.crime_category')}
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        <div className="radio-row">
          {CRIME_CATEGORIES.map((c) => (
            <label key={c}>
              <input type="radio" value={c} {...categoryField} />
              {t(`crimeCategory.${c}`)}
            </label>
          ))}
        </div>
        {categoryError ? (
          <p className="field__error" id="crime_category-error">
            {validationText(categoryError)}
          </p>
        ) : null}
      </fieldset>
      {/* The select is controlled, so the preset type shows once the category's options are rendered. */}
      <FormField id="incident_type" label={t('fields.incident_type')} required error={errors.incident_type?.message}>
        <select disabled={!category} {...register('incident_type')} value={watch('incident_type')}>
          <option value="">{t('form.choose')}</option>
          {category
            ? CRIME_INCIDENT_TYPES[category].map((c) => (
                <option key={c} value={c}>
                  {t(`incidentType.${c}`)}
                </option>
              ))
            : null}
        </select>
      </FormField>
    </>
  );
}
