import { BROKER_OPERATIONS as OPS, type BrokerProfile } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { useMayCall, useNotify } from '@corretora/web-kit/ui';
import { Body1, Button, Caption1, Spinner, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, ImageRegular } from '@fluentui/react-icons';
import { useImageChoice } from '../../../components/images/use-image-choice';
import { useRemoveLogo, useUploadLogo } from '../api/broker-profile-api';

const MAX_BYTES = 1024 * 1024;

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  // The logo as the client will see it: at most 4 rem high, the card's width, its proportions kept.
  logo: { display: 'block', maxHeight: '4rem', maxWidth: '100%', width: 'auto', height: 'auto', objectFit: 'contain' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/**
 * 'Logotipo': the brokerage's logo, printed on the client's comparison and shown on the client's
 * pages. The managers send or remove it; the rest of the team sees it.
 */
export function LogoCard({ profile }: { profile: BrokerProfile }) {
  const styles = useStyles();
  const notify = useNotify();
  const mayChange = useMayCall(OPS.uploadLogo);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const { inputProps, open, error, setError, sending } = useImageChoice(upload, {
    maxBytes: MAX_BYTES,
    refused: 'Envie uma imagem PNG ou JPG de até 1 MB.',
    failed: 'Não foi possível enviar o logotipo.',
    saved: 'Logotipo atualizado',
  });
  const name = profile.tradingName || profile.companyName;
  const removeLogo = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.success('Logotipo removido'),
      onError: (failure) => setError(apiErrorMessage(failure, 'Não foi possível remover o logotipo.')),
    });

  return (
    <Card className={styles.card}>
      <CardHeader image={<ImageRegular fontSize={24} />} header={<Subtitle1 as="h2">Logotipo</Subtitle1>} />
      {profile.logoUrl ? (
        <img className={styles.logo} src={profile.logoUrl} alt={`Logotipo de ${name}`} />
      ) : (
        <Body1>Nenhum logotipo enviado.</Body1>
      )}
      <Caption1>Aparece no comparativo de cotações que o cliente recebe. PNG ou JPG até 1 MB.</Caption1>
      {mayChange ? (
        <>
          <input {...inputProps} className={styles.hidden} aria-label="Arquivo do logotipo" />
          <div className={styles.actions}>
            <Button icon={upload.isPending ? <Spinner size="tiny" /> : <ImageRegular />} disabled={upload.isPending} onClick={open}>
              {profile.logoUrl ? 'Trocar logotipo' : 'Enviar logotipo'}
            </Button>
            {profile.logoUrl ? (
              <Button icon={<DeleteRegular />} disabled={remove.isPending} onClick={removeLogo}>
                Remover logotipo
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {sending ? <Caption1 aria-live="polite">{`Enviando o logotipo: ${sending.percent}%`}</Caption1> : null}
      {error ? (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      ) : null}
    </Card>
  );
}
