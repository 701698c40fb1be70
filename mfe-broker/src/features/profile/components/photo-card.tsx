import { apiErrorMessage } from '@corretora/web-kit';
import { PersonAvatar, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Spinner, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { UploadCancelled, type UploadProgress } from '@corretora/web-kit/uploads';
import { CameraRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useRef, useState } from 'react';
import type { PhotoUpload } from '../api/profile-api';

const PhotoSending = lazy(() => import('./photo-sending'));

const MAX_BYTES = 2 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png'];

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, alignItems: 'center', textAlign: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/** 'Foto do perfil': the brokerage's (its founder's Meu Perfil) or a member's own, sent by `upload`. */
export function PhotoCard({ name, photoUrl, upload }: { name: string; photoUrl: string | null; upload: PhotoUpload }) {
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ percent: number; controller: AbortController } | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    // A quick check before sending; the server checks the bytes themselves.
    if (!ACCEPTED.includes(file.type) || file.size > MAX_BYTES) {
      setError('Envie uma imagem JPG ou PNG de até 2 MB.');
      return;
    }
    setError(null);
    const controller = new AbortController();
    setSending({ percent: 0, controller });
    const onProgress = ({ sent, total }: UploadProgress) =>
      setSending({ percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0, controller });
    upload.mutate(
      { file, signal: controller.signal, onProgress },
      {
        onSuccess: () => notify.success('Foto atualizada com sucesso'),
        onError: (failure) => {
          if (!(failure instanceof UploadCancelled)) setError(apiErrorMessage(failure, 'Não foi possível enviar a foto.'));
        },
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle1 as="h2">Foto do perfil</Subtitle1>} />
      <PersonAvatar size={96} name={name} photoUrl={photoUrl} />
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        accept="image/jpeg,image/png"
        aria-label="Arquivo da foto"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        icon={upload.isPending ? <Spinner size="tiny" /> : <CameraRegular />}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
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
