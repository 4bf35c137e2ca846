import type { ClearanceDraft } from '@pes/contracts';
import { api } from '../../../lib/api/client';
import { CLEARANCE_DRAFT_KEY } from '../draft-storage';
import { wizardFromDraft, type WizardValues } from './wizard-form';

export interface WizardDraft {
  step: number;
  values: WizardValues;
}

const validStep = (step: unknown) => (typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= 9 ? step : 1);

/** The draft kept in this tab (it survives the trip through the sign-in page); null if none. */
export function readLocalDraft(): WizardDraft | null {
  try {
    const raw = sessionStorage.getItem(CLEARANCE_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { step?: unknown; data?: unknown };
    return { step: validStep(parsed.step), values: wizardFromDraft(parsed.data) };
  } catch {
    return null;
  }
}

export function writeLocalDraft(step: number, values: WizardValues) {
  try {
    sessionStorage.setItem(CLEARANCE_DRAFT_KEY, JSON.stringify({ step, data: values }));
  } catch {
    // Storage full or unavailable: the server draft (when signed in) still keeps it.
  }
}

/** The signed-in citizen's draft on the server ("save and return"); null if none. */
export async function fetchServerDraft(): Promise<WizardDraft | null> {
  const { draft } = await api<{ draft: (ClearanceDraft & { updated_at: string }) | null }>('/clearance/draft');
  return draft ? { step: validStep(draft.step), values: wizardFromDraft(draft.data) } : null;
}

export function saveServerDraft(step: number, values: WizardValues) {
  return api<unknown>('/clearance/draft', { method: 'PUT', body: { step, data: values } });
}
