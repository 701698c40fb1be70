import { AcceptInvitationSchema, ROLE_LABELS } from '@corretora/contracts';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { PasswordField, TextField, useSchemaForm } from '@corretora/web-kit/ui';
import { useEffect } from 'react';
import { apiErrorMessage, Link as RouterLink, useNavigate } from '@corretora/web-kit';
import { useLinkToken } from '../../../lib/link-token';
import * as v from 'valibot';
import { PATHS } from '../../../config/paths';
import { useAcceptInvitation, useInvitation } from '../api/invitation-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';

const INVALID_INVITATION = 'Convite inválido ou expirado. Peça um novo convite a quem convidou você.';

/** The invitee's name and password with the server's rules, the password typed twice. */
const AcceptFormSchema = v.pipe(
  v.object({ name: AcceptInvitationSchema.entries.name, password: AcceptInvitationSchema.entries.password, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'As senhas não coincidem'),
    ['confirmPassword'],
  ),
);

/**
 * /convite: an invitation to a brokerage's team. It says which brokerage, with which role and for
 * which e-mail; the invitee chooses a name and a password, and lands in the brokerage signed in.
 */
export default function InvitationPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const token = useLinkToken();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const { control, handleSubmit } = useSchemaForm(AcceptFormSchema, { defaultValues: { name: '', password: '', confirmPassword: '' } });

  useEffect(() => {
    if (accept.isSuccess) void navigate(PATHS.dashboard, { replace: true });
  }, [accept.isSuccess, navigate]);

  if (!token || invitation.isError) {
    return (
      <AuthCard title="Convite para a equipe">
        <FormAlert intent="error">{INVALID_INVITATION}</FormAlert>
        <RouterLink className={styles.centered} to={PATHS.login}>
          Ir para o login
        </RouterLink>
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title="Convite para a equipe">
        <Spinner label="Carregando o convite..." />
      </AuthCard>
    );
  }
  const { brokerageName, role, email } = invitation.data;
  return (
    <AuthCard
      title={`Entrar na equipe de ${brokerageName}`}
      subtitle={`Convite para ${email}, com o papel de ${ROLE_LABELS[role]}. Escolha seu nome e sua senha.`}
    >
      <form className={styles.form} onSubmit={handleSubmit(({ name, password }) => accept.mutate({ name, password }))} noValidate>
        {accept.isError ? <FormAlert intent="error">{apiErrorMessage(accept.error, INVALID_INVITATION)}</FormAlert> : null}
        <TextField control={control} name="name" label="Seu nome" required autoComplete="name" />
        <PasswordField
          control={control}
          name="password"
          label="Senha"
          required
          placeholder="Mínimo 8 caracteres"
          autoComplete="new-password"
        />
        <PasswordField control={control} name="confirmPassword" label="Confirmar senha" required autoComplete="new-password" />
        <Button
          type="submit"
          appearance="primary"
          disabled={accept.isPending}
          icon={accept.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Aceitar convite
        </Button>
      </form>
    </AuthCard>
  );
}
