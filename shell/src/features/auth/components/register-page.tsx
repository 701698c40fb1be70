import { RegisterSchema, type RegisterInput } from '@corretora/contracts';
import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { Controller, useForm } from 'react-hook-form';
import { PATHS } from '../../../config/paths';
import { useRegister } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { PasswordInput } from './password-input';
import { applyFieldErrors, Link as RouterLink, useNavigate } from '@corretora/web-kit';

export default function RegisterPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const register = useRegister();
  const { control, handleSubmit, formState, setError } = useForm<v.InferInput<typeof RegisterSchema>, unknown, RegisterInput>({
    resolver: valibotResolver(RegisterSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const submit = handleSubmit((input) =>
    register.mutate(input, {
      // The message shows while the user query refreshes; the dashboard follows.
      onSuccess: () => navigate(PATHS.dashboard),
      onError: (error) => applyFieldErrors(error, setError),
    }),
  );

  return (
    <AuthCard title="Criar conta" subtitle="Comece a organizar sua corretora hoje">
      <form className={styles.form} onSubmit={submit} noValidate>
        {register.isSuccess ? <FormAlert intent="success">Conta criada com sucesso! Redirecionando para o painel...</FormAlert> : null}
        {register.isError ? (
          <FormAlert intent="error">Falha no cadastro. Verifique os dados e tente novamente.</FormAlert>
        ) : null}
        <Controller
          name="name"
          control={control}
          render={({ field }) => (
            <Field label="Nome" required validationMessage={formState.errors.name?.message}>
              <Input {...field} autoComplete="name" />
            </Field>
          )}
        />
        <Controller
          name="email"
          control={control}
          render={({ field }) => (
            <Field label="Email" required validationMessage={formState.errors.email?.message}>
              <Input {...field} type="email" autoComplete="email" />
            </Field>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <Field label="Senha" required validationMessage={formState.errors.password?.message}>
              <PasswordInput {...field} placeholder="Mínimo 8 caracteres" autoComplete="new-password" />
            </Field>
          )}
        />
        <Button type="submit" appearance="primary" disabled={register.isPending} icon={register.isPending ? <Spinner size="tiny" /> : undefined}>
          Criar conta
        </Button>
        <span className={styles.centered}>
          Já tem conta? <RouterLink to={PATHS.login}>Entrar</RouterLink>
        </span>
      </form>
    </AuthCard>
  );
}
