import type { PipelineCard } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { useNotify } from '@corretora/web-kit/ui';
import { Body1, Field } from '@corretora/web-kit/fluent/core';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { useState } from 'react';
import { FormDialog } from '@corretora/web-kit/ui';
import { useArchiveCard } from '../api/lead-api';

/** Archive with an optional reason: the card leaves the board for 'Ver Arquivados'. */
export function ArchiveDialog({ card, onClose }: { card: PipelineCard; onClose: () => void }) {
  const notify = useNotify();
  const archive = useArchiveCard();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title="Arquivar card"
      submitLabel="Arquivar"
      busy={archive.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        archive.mutate(
          { id: card.id, reason },
          {
            onSuccess: () => {
              notify.success('Card arquivado');
              onClose();
            },
            onError: (error) => notify.error('Falha ao arquivar o card.', apiErrorMessage(error, '')),
          },
        );
      }}
    >
      <Body1>{`O card de ${card.contact.name} sai do quadro e fica em 'Ver Arquivados', de onde pode ser restaurado.`}</Body1>
      <Field label="Motivo (opcional)">
        <Textarea value={reason} maxLength={500} onChange={(_event, data) => setReason(data.value)} />
      </Field>
    </FormDialog>
  );
}
