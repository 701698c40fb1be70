import {
  PORTAL_CODE_MINUTES,
  PORTAL_OPERATIONS as OPS,
  PortalCodeRequestSchema,
  PortalSignInSchema,
  maskCnpj,
  maskCpf,
  type PortalBrokerage,
} from '@corretora/contracts';
import { apiErrorMessage, applyFieldErrors, callOperation, operationKey } from '@corretora/web-kit';
import { Body1, Button, Spinner, Title2 } from '@corretora/web-kit/fluent/core';
import { MaskedField, TextField, useSchemaForm, Notice } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { forgetRecords } from '../../lib/portal-api';
import { usePortalStyles } from '../../lib/portal-styles';

/** CPF while it fits one (11 characters), CNPJ after. */
const maskDocument = (raw: string) => (raw.replace(/[^0-9A-Za-z]/g, '').length <= 11 ? maskCpf(raw) : maskCnpj(raw));

/**
 * Signing in without a password: the CPF/CNPJ, then the 6-digit code sent to the client. The answer
 * to the first step is the same for anyone (it never says whether the document is a client's).
 */
export default function SignInPage({ brokerage }: { brokerage: PortalBrokerage }) {
  const styles = usePortalStyles();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ document: string; message: string } | null>(null);
  const first = useSchemaForm(PortalCodeRequestSchema, { defaultValues: { document: '' } });
  const second = useSchemaForm(PortalSignInSchema, { defaultValues: { document: '', code: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const requestCode = useMutation({
    mutationFn: (document: string) => callOperation(OPS.requestCode, { params: { brokerage: brokerage.slug }, body: { document } }),
    onSuccess: (answer, document) => {
      setAsked({ document, message: answer.message });
      second.reset({ document, code: '' });
    },
  });
  const signIn = useMutation({
    mutationFn: (body: { document: string; code: string }) => callOperation(OPS.signIn, { params: { brokerage: brokerage.slug }, body }),
    onSuccess: (me) => {
      forgetRecords(queryClient);
      queryClient.setQueryData(operationKey(OPS.me), me);
    },
    onMutate: () => setFailure(null),
    // A wrong code goes under its field; a pause (too many tries) or anything else above the form.
    onError: (error) => {
      if (!applyFieldErrors(error, second.setError)) setFailure(apiErrorMessage(error, 'Não foi possível entrar. Tente novamente.'));
    },
  });

  if (!asked)
    return (
      <section className={styles.section} aria-labelledby="portal-entrar">
        <Title2 as="h1" id="portal-entrar">
          Entrar no portal
        </Title2>
        <Body1>
          Consulte suas apólices, parcelas e sinistros, baixe documentos e avise um sinistro. Informe seu CPF ou CNPJ para receber um código
          de acesso.
        </Body1>
        <form className={styles.form} noValidate onSubmit={first.handleSubmit((input) => requestCode.mutate(input.document))}>
          {requestCode.isError ? (
            <Notice intent="error">{apiErrorMessage(requestCode.error, 'Não foi possível enviar o código. Tente novamente.')}</Notice>
          ) : null}
          <MaskedField
            control={first.control}
            name="document"
            label="CPF ou CNPJ"
            required
            mask={maskDocument}
            inputMode="numeric"
            autoComplete="off"
          />
          <Button
            type="submit"
            appearance="primary"
            disabled={requestCode.isPending}
            icon={requestCode.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Receber código
          </Button>
        </form>
      </section>
    );
  return (
    <section className={styles.section} aria-labelledby="portal-codigo">
      <Title2 as="h1" id="portal-codigo">
        Digite o código
      </Title2>
      <Notice intent="success">{asked.message}</Notice>
      <Body1>
        O código tem 6 dígitos e vale por {PORTAL_CODE_MINUTES} minutos.{' '}
        {brokerage.channels.email ? 'Confira seu e-mail (e a caixa de spam).' : 'A corretora envia o código pelo WhatsApp.'}
      </Body1>
      <form className={styles.form} noValidate onSubmit={second.handleSubmit((input) => signIn.mutate(input))}>
        {failure ? <Notice intent="error">{failure}</Notice> : null}
        <TextField
          control={second.control}
          name="code"
          label="Código"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button
          type="submit"
          appearance="primary"
          disabled={signIn.isPending}
          icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Entrar
        </Button>
        <Button
          appearance="subtle"
          onClick={() => {
            setAsked(null);
            signIn.reset();
          }}
        >
          Pedir outro código
        </Button>
      </form>
    </section>
  );
}
