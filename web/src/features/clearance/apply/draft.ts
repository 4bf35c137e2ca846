import { clearanceEndpoints } from '@pes/contracts';
import { call } from '../../../lib/api/client';
import { readDraft, writeDraft } from '../../../lib/drafts/drafts';
import { CLEARANCE_DRAFT_KEY } from '../draft-storage';
import { wizardFromDraft, type WizardValues } from './wizard-form';

export interface WizardDraft {
  step: number;
  values: WizardValues;
}

const validStep = (step: unknown) => (typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= 9 ? step : 1);

/** The draft kept in this tab (it survives the trip through the sign-in page); null if none. */
export function readLocalDraft(): WizardDraft | null {
  const kept = readDraft<{ step?: unknown; data?: unknown }>(CLEARANCE_DRAFT_KEY);
  return kept ? { step: validStep(kept.step), values: wizardFromDraft(kept.data) } : null;
}

/** Keeps the wizard in this tab (documents are kept by their upload path; the files themselves never). */
export function writeLocalDraft(step: number, values: WizardValues) {
  writeDraft(CLEARANCE_DRAFT_KEY, { step, data: values });
}

/** The signed-in citizen's draft on the server ("save and return"); null if none. */
export async function fetchServerDraft(): Promise<WizardDraft | null> {
  const { draft } = await call(clearanceEndpoints.draft);
  return draft ? { step: validStep(draft.step), values: wizardFromDraft(draft.data) } : null;
}

export function saveServerDraft(step: number, values: WizardValues) {
  return call(clearanceEndpoints.saveDraft, { body: { step, data: values } });
}
