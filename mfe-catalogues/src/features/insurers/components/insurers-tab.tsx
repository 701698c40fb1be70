import type { Insurer } from '@corretora/contracts';
import { lazy } from 'react';
import type { CatalogueKind } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';
import { InsurerDetails } from './insurer-details';

const insurersKind: CatalogueKind<Insurer> = {
  key: 'insurers',
  texts: {
    add: 'Adicionar Seguradora',
    newTitle: 'Nova Seguradora',
    editTitle: 'Editar Seguradora',
    empty: 'Nenhuma seguradora cadastrada.',
    created: 'Seguradora criada com sucesso!',
    updated: 'Seguradora atualizada com sucesso!',
    deleted: 'Seguradora excluída com sucesso!',
    createError: 'Erro ao criar seguradora',
    updateError: 'Erro ao atualizar seguradora',
    deleteError: 'Erro ao excluir seguradora',
  },
  Dialog: lazy(() => import('./insurer-form')),
  Details: InsurerDetails,
};

export function InsurersTab() {
  return <CatalogueList kind={insurersKind} />;
}
