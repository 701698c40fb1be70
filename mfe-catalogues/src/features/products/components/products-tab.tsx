import { formatPercent, lineLabel, wireToCents, type Product } from '@corretora/contracts';
import { Caption1 } from '@corretora/web-kit/fluent/core';
import { lazy } from 'react';
import type { CatalogueKind } from '../../../components/catalogue-list/components/catalogue-kind';
import { CatalogueList } from '../../../components/catalogue-list/components/catalogue-list';

const productsKind: CatalogueKind<Product> = {
  key: 'products',
  texts: {
    add: 'Adicionar Produto',
    newTitle: 'Novo Produto',
    editTitle: 'Editar Produto',
    empty: 'Nenhum produto cadastrado.',
    created: 'Produto criado com sucesso!',
    updated: 'Produto atualizado com sucesso!',
    deleted: 'Produto excluído com sucesso!',
    createError: 'Erro ao criar produto',
    updateError: 'Erro ao atualizar produto',
    deleteError: 'Erro ao excluir produto',
  },
  Dialog: lazy(() => import('./product-form')),
  Details: ({ item }) => (
    <Caption1>
      {[lineLabel(item.line), item.iofRate === null ? null : `IOF ${formatPercent(wireToCents(item.iofRate) ?? 0)}`, item.description]
        .filter(Boolean)
        .join(' · ') || 'Sem descrição'}
    </Caption1>
  ),
};

export function ProductsTab() {
  return <CatalogueList kind={productsKind} />;
}
