import type { FieldIssue, ImportCreated, ImportMode, ImportOutcome } from '@corretora/contracts';

export type Step = 'file' | 'mapping' | 'preview' | 'running' | 'summary';

/** Everything the import wizard remembers between its steps, in one place (one reducer, every change named). */
export interface WizardState {
  step: Step;
  file: File | null;
  /** The workbook's sheet the broker chose ('' = the first). */
  sheet: string;
  /** The server's answer to the upload (headers, suggested mapping). */
  created: ImportCreated | null;
  importId: number | null;
  mapping: Record<string, string>;
  mode: ImportMode;
  /** Names in the sheet the broker mapped to one of their insurers. */
  insurers: Record<string, number>;
  /** The preview's page and outcome filter. */
  offset: number;
  outcome: ImportOutcome | '';
  /** A step's call is under way. */
  busy: boolean;
  /** The member who gets the imported records ('' = whoever imports). */
  assignee: string;
  error: string | null;
  fieldIssues: FieldIssue[];
}

export const INITIAL_WIZARD: WizardState = {
  step: 'file',
  file: null,
  sheet: '',
  created: null,
  importId: null,
  mapping: {},
  mode: 'upsert',
  insurers: {},
  offset: 0,
  outcome: '',
  busy: false,
  assignee: '',
  error: null,
  fieldIssues: [],
};

export type WizardAction =
  | { type: 'file'; file: File | null }
  | { type: 'sheet'; sheet: string }
  | { type: 'uploaded'; created: ImportCreated }
  | { type: 'map'; field: string; header: string }
  | { type: 'mode'; mode: ImportMode }
  | { type: 'insurer'; name: string; id: number | null }
  | { type: 'outcome'; outcome: ImportOutcome | '' }
  | { type: 'offset'; offset: number }
  | { type: 'previewed' }
  | { type: 'step'; step: Step }
  | { type: 'open'; id: number }
  | { type: 'assignee'; assignee: string }
  | { type: 'working' }
  | { type: 'failed'; error: string; fieldIssues: FieldIssue[] }
  | { type: 'settled' }
  | { type: 'error'; error: string };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'file':
      // Another file: its sheets are not the last one's.
      return { ...state, file: action.file, sheet: '', error: null };
    case 'sheet':
      return { ...state, sheet: action.sheet };
    case 'uploaded':
      return {
        ...state,
        created: action.created,
        importId: action.created.id,
        mapping: action.created.mapping,
        offset: 0,
        // A sheet whose headers were all recognised goes straight to the preview.
        step: action.created.status === 'preview' ? 'preview' : 'mapping',
      };
    case 'map':
      return { ...state, mapping: { ...state.mapping, [action.field]: action.header } };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'insurer': {
      const { [action.name]: _dropped, ...rest } = state.insurers;
      return { ...state, insurers: action.id === null ? rest : { ...rest, [action.name]: action.id } };
    }
    case 'outcome':
      return { ...state, outcome: action.outcome, offset: 0 };
    case 'offset':
      return { ...state, offset: action.offset };
    case 'previewed':
      return { ...state, offset: 0, outcome: '', step: 'preview' };
    case 'step':
      return { ...state, step: action.step };
    case 'open':
      // An import of the history: its summary.
      return { ...state, importId: action.id, offset: 0, outcome: '', error: null, step: 'summary' };
    case 'assignee':
      return { ...state, assignee: action.assignee };
    case 'working':
      return { ...state, busy: true, error: null, fieldIssues: [] };
    case 'failed':
      return { ...state, error: action.error, fieldIssues: action.fieldIssues };
    case 'settled':
      return { ...state, busy: false };
    case 'error':
      return { ...state, error: action.error };
  }
}
