import { insuredItemKindOf, isLineKey, type LineKey, type Quote } from '@corretora/contracts';
import { Link, useParams } from '@corretora/web-kit';
import { Body1, Button, Text } from '@corretora/web-kit/fluent/core';
import { EmptyState, PageHeader, QueryState } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, SendRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useState } from 'react';
import { useBoard } from '../features/board/api/board-api';
import { useCardQuotes } from '../features/quotes/api/quotes-api';
import { ComparisonsList } from '../features/quotes/components/comparisons-list';
import { InsuredItemSection } from '../features/quotes/components/insured-item-section';
import { QuoteSheetButton } from '../features/quotes/components/quote-sheet-button';
import { QuotesComparison } from '../features/quotes/components/quotes-comparison';
import { stageLabel } from '../config/stages';
import { useReferenceNames } from '../lib/reference-names';

const ComparisonDialog = lazy(() =>
  import('../features/quotes/components/comparison-dialog').then((module) => ({ default: module.ComparisonDialog })),
);
const QuoteDialog = lazy(() => import('../features/quotes/components/quote-dialog').then((module) => ({ default: module.QuoteDialog })));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Dialog = { kind: 'new' } | { kind: 'comparison' } | { kind: 'edit'; quote: Quote } | { kind: 'copy'; quote: Quote };

/** /pipeline/{id}: one deal — what it insures and its quotes side by side. */
export default function DealPage() {
  const styles = useStyles();
  const { id } = useParams();
  const cardId = Number(id);
  const board = useBoard();
  const names = useReferenceNames();
  const card = board.data?.find((candidate) => candidate.id === cardId);
  const quotes = useCardQuotes(card ? cardId : 0);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (board.isLoading || board.isError)
    return (
      <QueryState query={board} loading="Carregando o negócio..." error="Não foi possível carregar o negócio. Recarregue a página.">
        {() => null}
      </QueryState>
    );
  if (!card)
    return (
      <Body1>
        Negócio não encontrado no pipeline: ele pode ter sido arquivado. <Link to="/pipeline">Voltar ao pipeline</Link>
      </Body1>
    );
  const productLine = names.data?.products.find((product) => product.id === card.contact.productId)?.line;
  const line: LineKey = productLine && isLineKey(productLine) ? productLine : 'auto';
  const kind = insuredItemKindOf(line);
  return (
    <div className={styles.page}>
      <PageHeader
        title={card.contact.name}
        subtitle={`${names.product(card.contact.productId)} · ${stageLabel(card.stage, names.data?.pipelineStages)}`}
        actions={
          <>
            <Link to="/pipeline">← Pipeline</Link>
            <Link to={`/contacts/${card.contactId}`}>Ficha do cliente</Link>
          </>
        }
      />
      {kind ? (
        <div className={styles.panel}>
          <InsuredItemSection key={card.id} cardId={card.id} item={card.insuredItem} kind={kind} />
        </div>
      ) : null}
      <section className={styles.panel} aria-label="Cotações">
        <div className={styles.top}>
          <Text as="h2" size={500} weight="semibold">
            Cotações
          </Text>
          <div className={styles.actions}>
            {quotes.data?.length ? (
              <Button icon={<SendRegular />} onClick={() => setDialog({ kind: 'comparison' })}>
                Enviar comparativo
              </Button>
            ) : null}
            {card.status === 'active' ? (
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'new' })}>
                Nova cotação
              </Button>
            ) : null}
            {/* After the buttons: a sheet's errors are listed under them, the whole row wide. */}
            {card.status === 'active' ? <QuoteSheetButton cardId={card.id} line={line} /> : null}
          </div>
        </div>
        <QueryState query={quotes} loading="Carregando cotações..." error="Não foi possível carregar as cotações. Recarregue a página.">
          {(list: Quote[]) =>
            list.length === 0 ? (
              <EmptyState>
                Nenhuma cotação ainda. Adicione a primeira com os números da seguradora; depois copie-a para as outras.
              </EmptyState>
            ) : (
              <QuotesComparison
                quotes={list}
                names={names}
                open={card.status === 'active'}
                onEdit={(quote) => setDialog({ kind: 'edit', quote })}
                onCopy={(quote) => setDialog({ kind: 'copy', quote })}
              />
            )
          }
        </QueryState>
        <ComparisonsList cardId={card.id} />
      </section>
      <Suspense fallback={null}>
        {dialog?.kind === 'comparison' ? (
          <ComparisonDialog cardId={card.id} quotes={quotes.data ?? []} names={names} onClose={() => setDialog(null)} />
        ) : dialog ? (
          <QuoteDialog
            cardId={card.id}
            line={line}
            quote={dialog.kind === 'new' ? undefined : dialog.quote}
            copy={dialog.kind === 'copy'}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
