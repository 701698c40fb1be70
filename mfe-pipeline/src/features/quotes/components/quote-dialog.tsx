import type { LineKey, Quote } from '@corretora/contracts';
import { useTeam } from '@corretora/web-kit/ui';
import { QuoteFormDialog } from '@corretora/web-kit/quotes';
import { optionsOf, useReferenceNames } from '../../../lib/reference-names';
import { useCreateQuote, useUpdateQuote } from '../api/quotes-api';

/** A deal's quote: new, edited, or copied from another (the kit's quote form, saved on the deal). */
export function QuoteDialog({
  cardId,
  line,
  quote,
  copy = false,
  onClose,
}: {
  cardId: number;
  /** The deal's line (its product's), for a new quote. */
  line: LineKey;
  quote?: Quote;
  copy?: boolean;
  onClose: () => void;
}) {
  const team = useTeam();
  const { data } = useReferenceNames();
  const create = useCreateQuote(cardId);
  const update = useUpdateQuote();
  const editing = quote !== undefined && !copy;
  return (
    <QuoteFormDialog
      line={line}
      quote={quote}
      copy={copy}
      title={editing ? 'Editar cotação' : copy ? 'Copiar cotação' : 'Nova cotação'}
      submitLabel={editing ? 'Salvar cotação' : 'Adicionar cotação'}
      saved={editing ? 'Cotação atualizada' : 'Cotação adicionada'}
      insurerOptions={optionsOf(data?.insurers, quote?.insurerId)}
      money={team.money}
      save={(body) => (editing ? update.mutateAsync({ id: quote.id, changes: body }) : create.mutateAsync(body))}
      onClose={onClose}
    />
  );
}
