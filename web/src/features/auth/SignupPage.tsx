import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { colomboDate, IDENTITY_TYPES, SIGNUP_MARITAL_STATUSES, requiredSignupFiles, signupCitizenFieldsSchema, type SignupFileField } from '@pes/contracts';
import { ApiError } from '../../lib/api/client';
import { useFormDraft } from '../../lib/drafts/use-form-draft';
import { DraftGuard } from '../../components/DraftGuard';
import { Alert } from '../../components/Alert';
import { ErrorSummary, summaryFrom } from '../../components/ErrorSummary';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { applyServerFieldErrors, useErrorMessage } from '../../components/errors';
import { paths } from '../../paths';
import { authApi } from './api';
import { PhotoField } from './PhotoField';
import { discardHandoff, PhoneHandoff } from './PhoneHandoff';
import { useCameraPresence } from './camera-presence';
import { signupFormData, type SignupValues } from './signup-form-data';
import './auth.css';

const EMPTY: Partial<SignupValues> = { identity_type: 'NIC', identity_photo_front: null, identity_photo_back: null, live_photo: null };

const fieldsResolver = zodResolver(signupCitizenFieldsSchema);

/** The shared schema checks the text fields; requiredSignupFiles says which photos must be there. */
const signupResolver: Resolver<SignupValues> = async (values, context, options) => {
  const result = await fieldsResolver(values, context, options as never);
  const errors: Record<string, { type: string; message: string }> = { ...(result.errors as Record<string, { type: string; message: string }>) };
  for (const [field, key] of Object.entries(requiredSignupFiles(values))) {
    if (!values[field as SignupFileField]) errors[field] ??= { type: 'required', message: key };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors: errors as never };
  return { values: { ...values, ...(result.values as object) }, errors: {} };
};

export function SignupPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    clearErrors,
    getValues,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<SignupValues>({
    resolver: signupResolver,
    defaultValues: EMPTY,
  });
  // What was typed is kept in this tab through a reload: never the password, never the photos.
  const draft = useFormDraft<Partial<SignupValues>>({
    form: 'signup',
    values: useWatch({ control }) as SignupValues,
    empty: EMPTY,
    // Nor the phone photo's handoff: it goes with the photo, which a reload loses.
    exclude: ['password', 'live_photo_handoff'],
    restore: reset,
  });
  const [identityType, front, back, live] = useWatch({ control, name: ['identity_type', 'identity_photo_front', 'identity_photo_back', 'live_photo'] });
  const isNic = identityType === 'NIC';

  const signup = useMutation({ mutationFn: (values: SignupValues) => authApi.signupCitizen(signupFormData(values, i18n.resolvedLanguage ?? i18n.language)) });

  const setPhoto = (field: SignupFileField) => (photo: Blob | null) => {
    setValue(field, photo, { shouldValidate: isSubmitted });
    if (photo) clearErrors(field);
  };
  const hasCamera = useCameraPresence();
  /** The live photo: taken here (no handoff) or on the phone (its handoff, which the signup sends instead of the file). */
  const setLivePhoto = (photo: Blob | null, handoff?: string) => {
    const previous = getValues('live_photo_handoff');
    // A phone photo replaced or removed is let go now (deleted), not left to the sweep.
    if (previous && previous !== handoff) discardHandoff(previous);
    setValue('live_photo_handoff', handoff);
    setPhoto('live_photo')(photo);
  };
  const photoInvalid = (field: SignupFileField) => (key: string) => setError(field, { type: 'client', message: key });

  const label = (key: string) => t(`signup.fields.${key}`);
  const fields = [
    { name: 'first_name', label: label('firstName') },
    { name: 'second_name', label: label('secondName') },
    { name: 'date_of_birth', label: label('dateOfBirth') },
    { name: 'marital_status', label: label('maritalStatus') },
    { name: 'address', label: label('address') },
    { name: 'email', label: label('email') },
    { name: 'mobile_number', label: label('mobileNumber') },
    { name: 'identity_type', label: label('identityType') },
    { name: 'identity_number', label: label('identityNumber') },
    { name: 'identity_photo_front', label: label('identityFront') },
    { name: 'identity_photo_back', label: label('identityBack') },
    { name: 'live_photo', label: label('livePhoto') },
    { name: 'username', label: label('username') },
    { name: 'password', label: label('password') },
  ] as const;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signup.mutateAsync(values);
      draft.discard();
      navigate(paths.login, { state: { signedUp: true } });
    } catch (err) {
      // The phone's photo can no longer be used (kept too long, used): it goes, and its field says to take it again.
      if (err instanceof ApiError && err.code === 'signup_photo.not_usable') {
        setValue('live_photo_handoff', undefined);
        setValue('live_photo', null);
      }
      applyServerFieldErrors(err, setError);
      const reason = err instanceof ApiError && err.code !== 'validation.failed' ? errorMessage(err) : '';
      setFailure(reason ? `${t('signup.failed')} ${reason}` : t('signup.failed'));
    }
  });

  return (
    <section className="page page--medium auth-page auth-page--wide">
      <PageTitle subtitle={t('signup.lead')}>{t('common:pageTitles.signup')}</PageTitle>
      <form onSubmit={onSubmit} noValidate className="card auth-form">
        <DraftGuard draft={draft} />
        <ErrorSummary items={summaryFrom(errors, fields)} />
        {failure ? <Alert kind="error">{failure}</Alert> : null}

        <fieldset>
          <legend>{t('signup.sections.personal')}</legend>
          <div className="form-grid">
            <FormField id="first_name" label={label('firstName')} error={errors.first_name?.message} required>
              <input type="text" autoComplete="given-name" maxLength={100} {...register('first_name')} />
            </FormField>
            <FormField id="second_name" label={label('secondName')} error={errors.second_name?.message} required>
              <input type="text" autoComplete="family-name" maxLength={100} {...register('second_name')} />
            </FormField>
            <FormField id="date_of_birth" label={label('dateOfBirth')} error={errors.date_of_birth?.message} required>
              <input type="date" autoComplete="bday" min="1900-01-01" max={colomboDate()} {...register('date_of_birth')} />
            </FormField>
            <FormField id="marital_status" label={label('maritalStatus')} error={errors.marital_status?.message} required>
              <select defaultValue="" {...register('marital_status')}>
                <option value="" disabled>
                  {t('signup.choose')}
                </option>
                {SIGNUP_MARITAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`signup.maritalStatuses.${s}`)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField id="address" label={label('address')} error={errors.address?.message} required>
            <textarea autoComplete="street-address" maxLength={300} rows={3} {...register('address')} />
          </FormField>
        </fieldset>

        <fieldset>
          <legend>{t('signup.sections.contact')}</legend>
          <div className="form-grid">
            <FormField id="email" label={label('email')} error={errors.email?.message} required>
              <input type="email" autoComplete="email" maxLength={254} {...register('email')} />
            </FormField>
            <FormField id="mobile_number" label={label('mobileNumber')} hint={t('signup.hints.mobile')} error={errors.mobile_number?.message} required>
              <input type="tel" autoComplete="tel" inputMode="tel" placeholder="+94771234567" maxLength={12} {...register('mobile_number')} />
            </FormField>
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('signup.sections.identity')}</legend>
          <div className="form-grid">
            <FormField id="identity_type" label={label('identityType')} error={errors.identity_type?.message} required>
              <select
                {...register('identity_type', {
                  onChange: (e: { target: { value: string } }) => {
                    if (e.target.value !== 'NIC') setPhoto('identity_photo_back')(null);
                  },
                })}
              >
                {IDENTITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`signup.identityTypes.${type}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              id="identity_number"
              label={label('identityNumber')}
              hint={isNic ? t('signup.hints.nic') : t('signup.hints.passport')}
              error={errors.identity_number?.message}
              required
            >
              <input type="text" autoCapitalize="characters" spellCheck={false} maxLength={isNic ? 12 : 20} {...register('identity_number')} />
            </FormField>
          </div>
          <div className="photo-grid">
            <PhotoField
              id="identity_photo_front"
              label={isNic ? t('signup.fields.nicFront') : t('signup.fields.passportFront')}
              hint={t('signup.hints.photo')}
              error={errors.identity_photo_front?.message}
              value={front}
              onChange={setPhoto('identity_photo_front')}
              onInvalid={photoInvalid('identity_photo_front')}
              allowUpload
              facingMode="environment"
            />
            {isNic ? (
              <PhotoField
                id="identity_photo_back"
                label={t('signup.fields.nicBack')}
                hint={t('signup.hints.photo')}
                error={errors.identity_photo_back?.message}
                value={back}
                onChange={setPhoto('identity_photo_back')}
                onInvalid={photoInvalid('identity_photo_back')}
                allowUpload
                facingMode="environment"
              />
            ) : null}
          </div>
        </fieldset>

        <PhotoField
          id="live_photo"
          label={label('livePhoto')}
          hint={t('signup.hints.livePhoto')}
          error={errors.live_photo?.message}
          value={live}
          onChange={(photo) => setLivePhoto(photo)}
          onInvalid={photoInvalid('live_photo')}
          allowUpload={false}
          facingMode="user"
          noCamera={hasCamera === false}
          otherDevice={(close) => (
            <PhoneHandoff
              onPhoto={(photo, handoff) => {
                setLivePhoto(photo, handoff);
                close();
              }}
              onCancel={close}
            />
          )}
        />

        <fieldset>
          <legend>{t('signup.sections.account')}</legend>
          <div className="form-grid">
            <FormField id="username" label={label('username')} hint={t('signup.hints.username')} error={errors.username?.message} required>
              <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={32} {...register('username')} />
            </FormField>
            <FormField id="password" label={label('password')} hint={t('signup.hints.password')} error={errors.password?.message} required>
              <input type="password" autoComplete="new-password" maxLength={128} {...register('password')} />
            </FormField>
          </div>
        </fieldset>

        <button type="submit" className="button button--primary auth-form__submit" disabled={signup.isPending}>
          {signup.isPending ? t('signup.submitting') : t('signup.submit')}
        </button>
        <p className="auth-page__switch">
          {t('signup.haveAccount')} <Link to={paths.login}>{t('signup.loginLink')}</Link>
        </p>
      </form>
    </section>
  );
}
