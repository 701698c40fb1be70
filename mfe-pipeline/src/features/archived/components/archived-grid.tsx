import { formatDate, type PipelineCard } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { useRestoreCard } from '../api/archived-api';
import type { ReferenceNames } from '../../../lib/reference-names';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, height: '100%' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** 'Cards Arquivados': what left the board, why, and a way back. */
export function ArchivedGrid({ cards, filtered, names }: { cards: readonly PipelineCard[]; filtered: boolean; names: ReferenceNames }) {
  const styles = useStyles();
  const notify = useNotify();
  const restore = useRestoreCard();
  return (
    <section aria-labelledby="arquivados">
      <Subtitle1 as="h2" id="arquivados">
        Cards Arquivados
      </Subtitle1>
      {cards.length === 0 ? (
        <Body1 as="p" className={styles.empty}>
          {filtered ? 'Nenhum card arquivado encontrado com os filtros aplicados.' : 'Nenhum card foi arquivado ainda.'}
        </Body1>
      ) : (
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.id}>
              <Card className={styles.card}>
                <Text weight="semibold">{card.contact.name}</Text>
                <Caption1 className={styles.muted}>
                  {names.product(card.contact.productId)} · {names.leadSource(card.contact.leadSourceId)}
                </Caption1>
                <Caption1 className={styles.muted}>{`Arquivado em ${formatDate(card.archivedAt)}`}</Caption1>
                <Caption1 className={styles.muted}>
                  {card.archivedReason ? `Motivo: ${card.archivedReason}` : 'Sem motivo informado'}
                </Caption1>
                <Button
                  icon={<ArrowUndoRegular />}
                  disabled={restore.isPending}
                  aria-label={`Restaurar ${card.contact.name}`}
                  onClick={() =>
                    restore.mutate(card.id, {
                      onSuccess: () => notify.success('Card restaurado'),
                      onError: (error) => notify.error('Falha ao restaurar o card.', apiErrorMessage(error, '')),
                    })
                  }
                >
                  Restaurar
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
