import { PIPELINE_OPERATIONS as OPS, type ClientClaimInput } from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation } from '@corretora/web-kit';
import { useNotify } from '@corretora/web-kit/ui';
import { Body1, Button, Spinner } from '@corretora/web-kit/fluent/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

const useStyles = makeStyles({
  notice: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
  },
});

/** What the CPF/CNPJ field says beside the notice. */
export const COLLEAGUES_CLIENT_FIELD = 'Cliente de outro membro da equipe';

/**
 * A producer's new lead or contact naming a colleague's client (the API's 409 on the
 * CPF/CNPJ): the form says so and offers to ask the owner for the client, never a second record.
 * `check` takes the failure and the documents sent; true when it was that refusal.
 */
export function useColleagueClient(): { check: (error: unknown, documents: ClientClaimInput) => boolean; notice: ReactNode } {
  const styles = useStyles();
  const notify = useNotify();
  const [refused, setRefused] = useState<{ documents: ClientClaimInput; message: string } | null>(null);
  const claim = useMutation({ mutationFn: (body: ClientClaimInput) => callOperation(OPS.claimClient, { body }) });
  const check = (error: unknown, documents: ClientClaimInput) => {
    const isColleagues =
      error instanceof ApiError &&
      error.status === 409 &&
      (error.body?.issues ?? []).some((issue) => issue.path === 'cpf' || issue.path === 'cnpj');
    setRefused(isColleagues ? { documents, message: apiErrorMessage(error, '') } : null);
    return isColleagues;
  };
  const notice = refused ? (
    <div className={styles.notice} role="alert">
      <Body1>{refused.message}</Body1>
      <Button
        disabled={claim.isPending}
        icon={claim.isPending ? <Spinner size="tiny" /> : undefined}
        onClick={() =>
          claim.mutate(refused.documents, {
            onSuccess: (answer) => {
              notify.success('Pedido enviado', answer.message);
              setRefused(null);
            },
            onError: (error) => notify.error('Falha ao pedir o cliente', apiErrorMessage(error, '')),
          })
        }
      >
        Pedir o cliente ao proprietário
      </Button>
    </div>
  ) : null;
  return { check, notice };
}
