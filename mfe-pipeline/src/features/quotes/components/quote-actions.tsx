import { QUOTE_STATUS_LABELS, type Quote } from '@corretora/contracts';
import { apiErrorMessage, useNavigate } from '@corretora/web-kit';
import { useConfirmAction, useNotify, useTeam, type ActionMenuItem } from '@corretora/web-kit/ui';
import { useState, type ReactNode } from 'react';
import type { ReferenceNames } from '../../../lib/reference-names';
import { useRemoveQuote, useUpdateQuote, useWinQuote } from '../api/quotes-api';
import { DisclosureDialog } from './disclosure-dialog';

/**
 * What a broker does with one quote of the comparison: close the deal with it, edit, copy, mark it
 * recommended or sent, remove it (a quote that closed its deal is only copied); and the confirmations.
 */
export function useQuoteActions({
  names,
  open,
  onEdit,
  onCopy,
}: {
  names: ReferenceNames;
  /** The deal is still open: it may be closed with a quote. */
  open: boolean;
  onEdit: (quote: Quote) => void;
  onCopy: (quote: Quote) => void;
}): { menuOf: (quote: Quote) => ActionMenuItem[]; dialogs: ReactNode } {
  const notify = useNotify();
  const team = useTeam();
  const update = useUpdateQuote();
  const remove = useRemoveQuote();
  const win = useWinQuote();
  const navigate = useNavigate();
  const closing = useConfirmAction<Quote>({
    title: 'Fechar com esta cotação',
    confirmLabel: 'Fechar negócio',
    message: (quote) =>
      `${quote.disclosure ? '' : 'Informe CNSP 382 não enviado para esta cotação. '}O negócio vai para Finalizado com a seguradora ${names.insurer(quote.insurerId)} e os valores desta cotação (vigência a partir de hoje). As outras cotações ficam como não escolhidas.`,
    run: async (quote) => {
      const card = await win.mutateAsync(quote.id);
      // The board opens the finalized card's summary, where the policy is issued.
      void navigate(`/pipeline?card=${card.id}`);
    },
    done: { title: 'Negócio fechado com esta cotação', detail: 'Confira os valores e emita a apólice.' },
    failed: 'Não foi possível fechar com esta cotação.',
  });
  const removal = useConfirmAction<Quote>({
    title: 'Excluir cotação',
    confirmLabel: 'Excluir',
    message: (quote) => `Excluir a cotação da ${names.insurer(quote.insurerId)}? As outras ficam como estão.`,
    run: (quote) => remove.mutateAsync(quote.id),
    done: { title: 'Cotação excluída' },
    failed: 'Não foi possível excluir a cotação.',
  });

  const mark = (quote: Quote, status: 'draft' | 'recommended' | 'sent') =>
    update.mutate(
      { id: quote.id, changes: { status } },
      {
        onSuccess: () => notify.success(`Cotação marcada como "${QUOTE_STATUS_LABELS[status]}"`),
        onError: (error) => notify.error('Não foi possível marcar a cotação.', apiErrorMessage(error, '')),
      },
    );

  const [disclosing, setDisclosing] = useState<Quote | null>(null);
  // The disclosure names the remuneration: only who sees money sends it.
  const disclose = (quote: Quote): ActionMenuItem[] =>
    team.money ? [{ key: 'disclosure', label: 'Informe CNSP 382', onSelect: () => setDisclosing(quote) }] : [];

  const menuOf = (quote: Quote): ActionMenuItem[] =>
    quote.status === 'won'
      ? [...disclose(quote), { key: 'copy', label: 'Copiar', onSelect: () => onCopy(quote) }]
      : [
          ...(open ? [{ key: 'win', label: 'Fechar com esta cotação', onSelect: () => closing.ask(quote) }] : []),
          ...disclose(quote),
          { key: 'edit', label: 'Editar', onSelect: () => onEdit(quote) },
          { key: 'copy', label: 'Copiar', onSelect: () => onCopy(quote) },
          quote.status === 'recommended'
            ? { key: 'draft', label: 'Tirar a recomendação', onSelect: () => mark(quote, 'draft') }
            : { key: 'recommended', label: 'Marcar como recomendada', onSelect: () => mark(quote, 'recommended') },
          { key: 'sent', label: 'Marcar como enviada ao cliente', onSelect: () => mark(quote, 'sent') },
          { key: 'remove', label: 'Excluir', onSelect: () => removal.ask(quote) },
        ];

  return {
    menuOf,
    dialogs: (
      <>
        {closing.dialog}
        {removal.dialog}
        {disclosing ? (
          <DisclosureDialog quote={disclosing} insurer={names.insurer(disclosing.insurerId)} onClose={() => setDisclosing(null)} />
        ) : null}
      </>
    ),
  };
}
