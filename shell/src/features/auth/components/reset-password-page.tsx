import { ResetPasswordSchema } from '@corretora/contracts';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { PasswordField, useSchemaForm } from '@corretora/web-kit/ui';
import * as v from 'valibot';
import { PATHS } from '../../../config/paths';
import { useResetPassword } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { apiErrorMessage, Link as RouterLink } from '@corretora/web-kit';
import { useLinkToken } from '../../../lib/link-token';

const INVALID_LINK = 'Link de redefinição inválido ou expirado.';

/** The new password with the same rule as the server, typed twice. */
const ResetFormSchema = v.pipe(
  v.object({ password: ResetPasswordSchema.entries.password, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'As senhas não coincidem'),
    ['confirmPassword'],
  ),
);

export default function ResetPasswordPage() {
  const styles = useFormStyles();
  const token = useLinkToken();
  const reset = useResetPassword();
  const { control, handleSubmit } = useSchemaForm(ResetFormSchema, { defaultValues: { password: '', confirmPassword: '' } });

  if (!token) {
    return (
      <AuthCard title="Redefinir senha">
        <FormAlert intent="error">{INVALID_LINK}</FormAlert>
        <RouterLink className={styles.centered} to={PATHS.forgotPassword}>
          Pedir um novo link
        </RouterLink>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Senha redefinida">
        <FormAlert intent="success">Senha redefinida com sucesso. Entre com a nova senha.</FormAlert>
        <RouterLink className={styles.centered} to={PATHS.login}>
          Ir para o login
        </RouterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para sua conta">
      <form className={styles.form} onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))} noValidate>
        {reset.isError ? <FormAlert intent="error">{apiErrorMessage(reset.error, INVALID_LINK)}</FormAlert> : null}
        <PasswordField
          control={control}
          name="password"
          label="Nova senha"
          required
          placeholder="Mínimo 8 caracteres"
          autoComplete="new-password"
        />
        <PasswordField control={control} name="confirmPassword" label="Confirmar nova senha" required autoComplete="new-password" />
        <Button type="submit" appearance="primary" disabled={reset.isPending} icon={reset.isPending ? <Spinner size="tiny" /> : undefined}>
          Redefinir senha
        </Button>
        {reset.isError ? (
          <RouterLink className={styles.centered} to={PATHS.forgotPassword}>
            Pedir um novo link
          </RouterLink>
        ) : null}
      </form>
    </AuthCard>
  );
}
