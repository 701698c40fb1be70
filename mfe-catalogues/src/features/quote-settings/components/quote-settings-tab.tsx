import { apiErrorMessage } from '@corretora/web-kit';
import { Body1, Spinner, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Switch } from '@corretora/web-kit/fluent/switch';
import { useNotify, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useQuoteSettings, useSetQuoteSettings } from '../api/quote-settings-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Configurações › Cotações: whether a sale may close without the CNSP 382 disclosure. Off, the
 * finalize form and the issue warn; on, they refuse. Owners and managers change it; the team reads it.
 * What was switched shows at once; a refusal puts the saved state back.
 */
export function QuoteSettingsTab() {
  const styles = useStyles();
  const notify = useNotify();
  const team = useTeam();
  const settings = useQuoteSettings();
  const save = useSetQuoteSettings();
  const [switching, setSwitching] = useState<boolean | null>(null);
  if (settings.isError) return <Body1>{apiErrorMessage(settings.error, 'Não foi possível carregar as regras de cotação.')}</Body1>;
  if (!settings.data) return <Spinner label="Carregando..." />;
  return (
    <section className={styles.root} aria-label="Regras de cotação">
      <Subtitle2 as="h2">Informe de remuneração (CNSP 382)</Subtitle2>
      <Body1>
        A Resolução CNSP 382/2020 pede que o cliente receba, antes de contratar, o informe com a remuneração da corretora pelo contrato. O
        informe é gerado e enviado na página do negócio, a partir da cotação escolhida.
      </Body1>
      <Switch
        label="Exigir o informe enviado antes de finalizar uma venda ou emitir a apólice"
        checked={switching ?? settings.data.disclosureRequired}
        disabled={!team.manager || save.isPending}
        onChange={(_event, data) => {
          setSwitching(data.checked);
          save.mutate(data.checked, {
            onSuccess: () => notify.success(data.checked ? 'Informe CNSP 382 obrigatório' : 'Informe CNSP 382 como aviso'),
            onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível salvar a regra.')),
            onSettled: () => setSwitching(null),
          });
        }}
      />
      <Body1 className={styles.muted}>
        {team.manager
          ? 'Desligado, o pipeline só avisa "Informe CNSP 382 não enviado" ao finalizar ou emitir; ligado, não deixa concluir sem o informe.'
          : 'Só o proprietário e os gestores alteram esta regra.'}
      </Body1>
    </section>
  );
}
