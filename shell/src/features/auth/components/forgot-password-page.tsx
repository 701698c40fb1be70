import { ForgotPasswordSchema } from '@corretora/contracts';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { TextField, useSchemaForm } from '@corretora/web-kit/ui';
import { PATHS } from '../../../config/paths';
import { useForgotPassword } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { ApiError, apiErrorMessage, Link as RouterLink } from '@corretora/web-kit';

const NEUTRAL_ANSWER = 'Se existe uma conta com esse email, você receberá um link para redefinir sua senha.';
const FAILURE = 'Erro ao enviar email. Tente novamente.';

export default function ForgotPasswordPage() {
  const styles = useFormStyles();
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useSchemaForm(ForgotPasswordSchema, { defaultValues: { email: '' } });

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Verifique seu email">
        <FormAlert intent="info">{NEUTRAL_ANSWER}</FormAlert>
        <RouterLink className={styles.centered} to={PATHS.login}>
          Voltar ao login
        </RouterLink>
      </AuthCard>
    );
  }

  // Too many requests has its own explanation; anything else is the spec's failure text.
  const failure = forgot.error instanceof ApiError && forgot.error.status === 429 ? apiErrorMessage(forgot.error, FAILURE) : FAILURE;
  return (
    <AuthCard title="Esqueceu a senha?" subtitle="Informe seu email e enviaremos um link para criar uma nova senha">
      <form className={styles.form} onSubmit={handleSubmit((input) => forgot.mutate(input))} noValidate>
        {forgot.isError ? <FormAlert intent="error">{failure}</FormAlert> : null}
        <TextField control={control} name="email" label="E-mail" type="email" required />
        <Button
          type="submit"
          appearance="primary"
          disabled={forgot.isPending}
          icon={forgot.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Enviar link de redefinição
        </Button>
        <RouterLink className={styles.centered} to={PATHS.login}>
          Voltar ao login
        </RouterLink>
      </form>
    </AuthCard>
  );
}
