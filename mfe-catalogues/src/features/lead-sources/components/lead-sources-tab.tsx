import type { LeadSource } from '@corretora/contracts';
import { Caption1 } from '@corretora/web-kit/fluent/core';
import { lazy } from 'react';
import type { CatalogueKind } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';

const leadSourcesKind: CatalogueKind<LeadSource> = {
  key: 'lead-sources',
  texts: {
    add: 'Adicionar Origem',
    newTitle: 'Nova Origem',
    editTitle: 'Editar Origem',
    empty: 'Nenhuma origem cadastrada.',
    created: 'Origem criada com sucesso!',
    updated: 'Origem atualizada com sucesso!',
    deleted: 'Origem excluída com sucesso!',
    createError: 'Erro ao criar origem',
    updateError: 'Erro ao atualizar origem',
    deleteError: 'Erro ao excluir origem',
  },
  Dialog: lazy(() => import('./lead-source-form')),
  Details: ({ item }) => (item.description ? <Caption1>{item.description}</Caption1> : null),
};

export function LeadSourcesTab() {
  return <CatalogueList kind={leadSourcesKind} />;
}
