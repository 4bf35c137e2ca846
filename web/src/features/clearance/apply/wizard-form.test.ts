import { describe, expect, it } from 'vitest';
import { CLEARANCE_RECORD, clearanceApplicationSchema, maxLengthOf } from '@pes/contracts';
import { emptyWizard, STEP_FIELDS, stepOfField, stepResolver, toPayload, wizardFromDraft, type WizardValues } from './wizard-form';

const resolve = async (step: number, values: WizardValues) => {
  const result = await stepResolver(step)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors as Record<string, unknown>;
};
const messageOf = (errors: Record<string, unknown>, ...path: string[]) =>
  (path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as { message?: string } | undefined)?.message;

function filled(): WizardValues {
  return {
    ...emptyWizard(),
    nationality: 'sri_lankan',
    date_of_birth: '1985-07-02',
    left_before_sixteen: 'no',
    nic_number: '198518401234',
    confirm_nic_number: '198518401234',
    country: 'Canada',
    station: 'Kollupitiya Police Station',
    full_name_nic: 'Sunil Fernando',
    sex: 'male',
    title: 'Mr',
    name_to_print: 'Sunil Fernando',
    address_sri_lanka: '45 Kandy Road',
    occupation: 'Accountant',
    purpose: 'Visa',
    delivery_address1: '45 Kandy Road',
    delivery_city: 'Kadawatha',
    delivery_postal_code: '11850',
    delivery_state: 'Western',
    delivery_country: 'Sri Lanka',
    mobile_number: '+94712345678',
    confirm_mobile_number: '+94712345678',
    email: 'sunil@example.lk',
    confirm_email: 'sunil@example.lk',
    uploads: { ...emptyWizard().uploads, nicFront: 'a.png', nicBack: 'b.pdf' },
    declaration: true,
    payment_declaration: true,
  };
}

describe('the clearance wizard form', () => {
  it('checks only the current step, with the shared schema and its messages', async () => {
    const empty = emptyWizard();
    const step1 = await resolve(1, empty);
    expect(Object.keys(step1).sort()).toEqual(['date_of_birth', 'left_before_sixteen', 'nationality']);
    expect(
      messageOf(await resolve(1, { ...empty, nationality: 'sri_lankan', date_of_birth: '1985-07-02', left_before_sixteen: 'yes' }), 'left_before_sixteen'),
    ).toBe('leftBeforeSixteenMission');
    expect(messageOf(await resolve(2, { ...filled(), confirm_nic_number: '198518401235' }), 'confirm_nic_number')).toBe('nicMismatch');
    expect(
      messageOf(
        await resolve(4, { ...filled(), residence_history: [{ address: 'x', policeArea: 'y', fromDate: '2015-01-01', toDate: '2010-01-01' }] }),
        'residence_history',
        '0',
        'toDate',
      ),
    ).toBe('fromBeforeTo');
    expect(messageOf(await resolve(7, { ...filled(), uploads: emptyWizard().uploads }), 'uploads', 'nicFront')).toBe('nicFrontRequired');
    expect(messageOf(await resolve(8, { ...filled(), declaration: false }), 'declaration')).toBe('declarationRequired');
    for (let step = 1; step <= 9; step++) expect(await resolve(step, filled())).toEqual({});
  });

  it('makes the application the server takes of the values, leaving out empty optional fields and the file names', () => {
    const payload = toPayload({ ...filled(), upload_files: { ...emptyWizard().upload_files, nicFront: { name: 'a.png', type: 'image/png' } } });
    expect(payload.left_before_sixteen).toBe(false);
    expect(payload.spouse).toBeUndefined();
    expect(payload.uploads).toEqual({ nicFront: 'a.png', nicBack: 'b.pdf' });
    expect(payload).not.toHaveProperty('upload_files');
    expect(clearanceApplicationSchema.safeParse(payload).success).toBe(true);
  });

  it('finds the step of a field the server names, and fills a partial draft over the empty form', () => {
    expect(stepOfField('residence_history.0.toDate')).toBe(4);
    expect(stepOfField('uploads.nicBack')).toBe(7);
    expect(stepOfField('spouse.nic_number')).toBe(6);
    expect(stepOfField('nope')).toBeUndefined();
    const draft = wizardFromDraft({ nic_number: '198518401234', spouse: { full_name: 'N' } });
    expect(draft.nic_number).toBe('198518401234');
    expect(draft.spouse).toEqual({ full_name: 'N', nationality: '', passport_number: '', nic_number: '' });
    expect(draft.uploads.nicFront).toBe('');
  });

  it('takes its steps, initial values and input limits from the application described once in contracts', () => {
    expect(STEP_FIELDS[5]).toEqual(['spouse.full_name', 'spouse.nationality', 'spouse.passport_number', 'spouse.nic_number']);
    expect(STEP_FIELDS.flat()).toEqual(expect.arrayContaining(['delivery_postal_code', 'uploads.nicFront', 'payment_declaration']));
    // The input's limit is the rule's own: one character more is refused by the schema.
    expect(maxLengthOf(CLEARANCE_RECORD, 'delivery_postal_code')).toBe(20);
    expect(CLEARANCE_RECORD.fields.delivery_postal_code.rule.safeParse('1'.repeat(21)).success).toBe(false);
    expect(CLEARANCE_RECORD.fields.delivery_postal_code.rule.safeParse('1'.repeat(20)).success).toBe(true);
    expect(maxLengthOf(CLEARANCE_RECORD, 'residence_history.3.address')).toBe(300);
    expect(maxLengthOf(CLEARANCE_RECORD, 'date_of_birth')).toBeUndefined();
    expect(Object.keys(emptyWizard())).toEqual(expect.arrayContaining(Object.keys(CLEARANCE_RECORD.fields)));
    // A field asked only for one answer is not sent for another.
    expect(toPayload({ ...filled(), nationality: 'british', nationality_other: 'Kiwi' }).nationality_other).toBeUndefined();
  });
});
