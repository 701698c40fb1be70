import { formatDate, formatMoney, formatPhone, wireToCents, type PipelineCard } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '@corretora/web-kit/ui';
import { Badge, Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useConfirmIssuance } from '../../../lib/pipeline-api';
import { NOT_SPECIFIED, useReferenceNames } from '../../../lib/reference-names';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

const money = (wire: string | null) => (wire === null ? NOT_SPECIFIED : formatMoney(wireToCents(wire)));

/** A Finalizado card: the sale's summary, editing the sale, and 'Confirmar emissão'. */
export function ClosedSummaryDialog({ card, onClose, onEdit }: { card: PipelineCard; onClose: () => void; onEdit: (card: PipelineCard) => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const names = useReferenceNames();
  const issue = useConfirmIssuance();
  const issued = card.status === 'issued';
  const rows: [string, string][] = [
    ['Cliente', card.contact.name],
    ['Celular', formatPhone(card.contact.phone) || NOT_SPECIFIED],
    ['Tipo de seguro', names.product(card.contact.productId)],
    ['Origem', names.leadSource(card.contact.leadSourceId)],
    ['Seguradora', names.insurer(card.insurerId)],
    ['Vigência', card.startDate && card.endDate ? `${formatDate(card.startDate)} a ${formatDate(card.endDate)}` : NOT_SPECIFIED],
    ['Prêmio líquido', money(card.premioLiquido)],
    ['IOF', money(card.iof)],
    ['Juros', money(card.juros)],
    ['Prêmio total', money(card.totalPremium)],
    ['Comissão', card.commissionPercentage === null ? money(card.commissionAmount) : `${card.commissionPercentage.replace('.', ',')}% · ${money(card.commissionAmount)}`],
  ];
  const confirm = () =>
    issue.mutate(card.id, {
      onSuccess: () => {
        notify.success('Apólice confirmada', 'A apólice foi emitida e movida para a seção de Seguros.');
        onClose();
      },
      onError: (error) => notify.error('Falha ao confirmar emissão da apólice.', apiErrorMessage(error, '')),
    });
  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open && !issue.isPending ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Venda finalizada</DialogTitle>
          <DialogContent>
            {issued ? <Badge color="success" appearance="filled">Apólice emitida</Badge> : <Body1>Confira os dados e confirme a emissão da apólice.</Body1>}
            <dl className={styles.list}>
              {rows.map(([term, value]) => (
                <div key={term} style={{ display: 'contents' }}>
                  <dt className={styles.term}>{term}</dt>
                  <dd className={styles.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            {!issued ? <Button appearance="subtle" onClick={() => onEdit(card)} disabled={issue.isPending}>Editar dados da venda</Button> : null}
            <Button appearance="secondary" onClick={onClose} disabled={issue.isPending}>Fechar</Button>
            {!issued ? (
              <Button appearance="primary" onClick={confirm} disabled={issue.isPending} icon={issue.isPending ? <Spinner size="tiny" /> : undefined}>Confirmar emissão</Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
