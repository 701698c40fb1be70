import {
  PORTAL_CODE_MINUTES,
  PORTAL_OPERATIONS as OPS,
  PortalCodeRequestSchema,
  PortalSignInSchema,
  maskCnpj,
  maskCpf,
  type PortalBrokerage,
} from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation, operationKey } from '@corretora/web-kit';
import { Body1, Button, Field, Input, Spinner, Title2 } from '@corretora/web-kit/fluent/core';
import { Notice } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { forgetRecords } from '../../lib/portal-api';
import { rememberSignedIn } from '../../lib/signed-in-hint';
import { usePortalStyles } from '../../lib/portal-styles';

/** CPF while it fits one (11 characters), CNPJ after. */
const maskDocument = (raw: string) => (raw.replace(/[^0-9A-Za-z]/g, '').length <= 11 ? maskCpf(raw) : maskCnpj(raw));

/** The first message of each field the contract's schema refused. */
function issuesOf(result: v.SafeParseResult<v.GenericSchema>): Record<string, string> {
  if (result.success) return {};
  const fields = v.flatten(result.issues).nested ?? {};
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages?.[0] ?? '']));
}

/**
 * Signing in without a password: the CPF/CNPJ, then the 6-digit code sent to the client. The answer
 * to the first step is the same for anyone (it never says whether the document is a client's). Each
 * step is checked with the contract's schema before it is sent. No form library: a client's first
 * page stays within /login's budget (the shell's public pages do the same).
 */
export default function SignInPage({ brokerage }: { brokerage: PortalBrokerage }) {
  const styles = usePortalStyles();
  const queryClient = useQueryClient();
  const [document, setDocument] = useState('');
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<{ document: string; message: string } | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const requestCode = useMutation({
    mutationFn: (body: { document: string }) => callOperation(OPS.requestCode, { params: { brokerage: brokerage.slug }, body }),
    onSuccess: (answer, body) => {
      setAsked({ document: body.document, message: answer.message });
      setCode('');
    },
    onError: (error) => setFailure(apiErrorMessage(error, 'Não foi possível enviar o código. Tente novamente.')),
  });
  const signIn = useMutation({
    mutationFn: (body: { document: string; code: string }) => callOperation(OPS.signIn, { params: { brokerage: brokerage.slug }, body }),
    onSuccess: (me) => {
      forgetRecords(queryClient);
      rememberSignedIn(me.brokerage.slug);
      queryClient.setQueryData(operationKey(OPS.me), me);
    },
    // A wrong code goes under its field; a pause (too many tries) or anything else above the form.
    onError: (error) => {
      const field = error instanceof ApiError ? error.body?.issues?.find((issue) => issue.path === 'code') : undefined;
      if (field) setIssues({ code: field.message });
      else setFailure(apiErrorMessage(error, 'Não foi possível entrar. Tente novamente.'));
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (asked) {
      const result = v.safeParse(PortalSignInSchema, { document: asked.document, code });
      setIssues(issuesOf(result));
      if (result.success) signIn.mutate(result.output);
    } else {
      const result = v.safeParse(PortalCodeRequestSchema, { document });
      setIssues(issuesOf(result));
      if (result.success) requestCode.mutate(result.output);
    }
  };
  const busy = requestCode.isPending || signIn.isPending;

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
        <form className={styles.form} noValidate onSubmit={submit}>
          {failure ? <Notice intent="error">{failure}</Notice> : null}
          <Field label="CPF ou CNPJ" required validationMessage={issues.document}>
            <Input
              value={document}
              onChange={(_event, data) => setDocument(maskDocument(data.value))}
              inputMode="numeric"
              autoComplete="off"
            />
          </Field>
          <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
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
      <form className={styles.form} noValidate onSubmit={submit}>
        {failure ? <Notice intent="error">{failure}</Notice> : null}
        <Field label="Código" required validationMessage={issues.code}>
          <Input
            value={code}
            onChange={(_event, data) => setCode(data.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          Entrar
        </Button>
        <Button
          appearance="subtle"
          onClick={() => {
            setAsked(null);
            setIssues({});
            setFailure(null);
            signIn.reset();
          }}
        >
          Pedir outro código
        </Button>
      </form>
    </section>
  );
}
