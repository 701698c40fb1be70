import { PersonAvatar } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Spinner, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { CameraRegular } from '@fluentui/react-icons';
import { Suspense, lazy } from 'react';
import { useImageChoice } from '../../../components/images/use-image-choice';
import type { PhotoUpload } from '../api/profile-api';

const PhotoSending = lazy(() => import('./photo-sending'));

const MAX_BYTES = 2 * 1024 * 1024;

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, alignItems: 'center', textAlign: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/** 'Foto do perfil': the brokerage's (its founder's Meu Perfil) or a member's own, sent by `upload`. */
export function PhotoCard({ name, photoUrl, upload }: { name: string; photoUrl: string | null; upload: PhotoUpload }) {
  const styles = useStyles();
  const { inputProps, open, error, sending } = useImageChoice(upload, {
    maxBytes: MAX_BYTES,
    refused: 'Envie uma imagem JPG ou PNG de até 2 MB.',
    failed: 'Não foi possível enviar a foto.',
    saved: 'Foto atualizada com sucesso',
  });

  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle1 as="h2">Foto do perfil</Subtitle1>} />
      <PersonAvatar size={96} name={name} photoUrl={photoUrl} />
      <input {...inputProps} className={styles.hidden} aria-label="Arquivo da foto" />
      <Button icon={upload.isPending ? <Spinner size="tiny" /> : <CameraRegular />} disabled={upload.isPending} onClick={open}>
        Alterar foto
      </Button>
      {sending ? (
        <Suspense fallback={<Caption1>Enviando a foto…</Caption1>}>
          <PhotoSending percent={sending.percent} onCancel={() => sending.controller.abort()} />
        </Suspense>
      ) : (
        <Caption1>JPG, PNG até 2MB</Caption1>
      )}
      {error ? (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      ) : null}
    </Card>
  );
}
