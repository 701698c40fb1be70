import type { ImportCreated } from '@corretora/contracts';
import { INITIAL_WIZARD, wizardReducer, type WizardAction, type WizardState } from '../src/import-wizard/import-wizard-state';

const walk = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, INITIAL_WIZARD);
const created = (status: ImportCreated['status']) => ({ id: 7, status, mapping: { name: 'Nome' } }) as unknown as ImportCreated;

test('a sheet whose headers were recognised goes straight to the preview; one that was not, to the mapping', () => {
  expect(walk({ type: 'uploaded', created: created('preview') })).toMatchObject({
    step: 'preview',
    importId: 7,
    mapping: { name: 'Nome' },
  });
  expect(walk({ type: 'uploaded', created: created('mapping') }).step).toBe('mapping');
});

test('another file forgets the last one’s sheet and error; a filter goes back to the first page', () => {
  const state = walk({ type: 'sheet', sheet: 'Plan2' }, { type: 'error', error: 'Selecione a planilha' }, { type: 'file', file: null });
  expect(state).toMatchObject({ sheet: '', error: null });
  expect(walk({ type: 'offset', offset: 50 }, { type: 'outcome', outcome: 'error' })).toMatchObject({ offset: 0, outcome: 'error' });
});

test('an insurer mapped and unmapped; a failure keeps its fields, the next call clears them', () => {
  const mapped = walk(
    { type: 'insurer', name: 'Porto', id: 3 },
    { type: 'insurer', name: 'Azul', id: 4 },
    { type: 'insurer', name: 'Porto', id: null },
  );
  expect(mapped.insurers).toEqual({ Azul: 4 });
  const failed = walk(
    { type: 'working' },
    { type: 'failed', error: 'Mapeamento inválido', fieldIssues: [{ path: 'mapping.name', message: 'x' }] },
    { type: 'settled' },
  );
  expect(failed).toMatchObject({ busy: false, error: 'Mapeamento inválido' });
  expect(wizardReducer(failed, { type: 'working' })).toMatchObject({ busy: true, error: null, fieldIssues: [] });
});

test('opening an import of the history shows its summary from the first page', () => {
  expect(walk({ type: 'offset', offset: 100 }, { type: 'open', id: 12 })).toMatchObject({
    step: 'summary',
    importId: 12,
    offset: 0,
    outcome: '',
  });
});
