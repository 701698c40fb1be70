import { BRAZILIAN_STATES, BrokerProfileSchema, type BrokerProfile } from '@corretora/contracts';
import { useCurrentUser, useNavigate } from '@corretora/web-kit';
import { PageHeader, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Spinner, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { MessageBar, MessageBarActions, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { useEffect, useRef, useState } from 'react';
import { useRestartOnboarding, useSaveBrokerProfile } from '../api/broker-profile-api';
import { useCepLookup } from '@corretora/web-kit';
import { STEP_COUNT, STEP_TITLES, firstStepWithError, profileToWizard, stepAfter, stepFields, type WizardStep } from '../utils/wizard-form';
import { StepCompany, StepPersonal, StepProfessional, StepSusep } from './wizard-fields';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalL, maxWidth: '56rem' },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  buttons: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  right: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
  notice: { marginBottom: tokens.spacingVerticalL, maxWidth: '56rem' },
});

const REQUIRED_TITLE = 'Campos obrigatórios';

export function OnboardingWizard({
  profile,
  editing,
  onCancel,
}: {
  profile: BrokerProfile | null;
  editing: boolean;
  onCancel?: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const save = useSaveBrokerProfile();
  const restart = useRestartOnboarding();
  const [step, setStep] = useState<WizardStep>(1);
  // The contracts schema checks the form; its output (normalised values) is what the API receives.
  const form = useSchemaForm(BrokerProfileSchema, {
    defaultValues: profileToWizard(profile, { name: user?.name, email: user?.email }),
    // Validate when the broker asks to advance, not on blur: a message appearing on blur moves the
    // buttons under the pointer and swallows the click on Próximo.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // 'all' makes the valibot resolver run every check (abortPipeEarly off), so the complement rule,
    // which spans two fields, reports while later steps are still empty.
    criteriaMode: 'all',
  });
  const { control, trigger, handleSubmit, setValue, watch, setError, reset } = form;
  const onError = useFormErrors(setError);
  const noComplement = watch('noComplement');
  // 'Não tem complemento' empties the complement and clears its message at once.
  useEffect(() => {
    if (noComplement) setValue('complement', '', { shouldValidate: true });
  }, [noComplement, setValue]);
  // A whole CEP typed fills the street, city and state from the server's lookup; an address the
  // broker typed is kept (only one the lookup filled is replaced by the next).
  const cep = useCepLookup(watch('zipCode'));
  const filled = useRef<string | null>(null);
  useEffect(() => {
    const found = cep.address;
    if (!found) return;
    const current = form.getValues('address');
    if (found.street && (!current || current === filled.current)) {
      setValue('address', found.street, { shouldValidate: true });
      filled.current = found.street;
    }
    if (found.district && !form.getValues('district')) setValue('district', found.district, { shouldValidate: true });
    setValue('city', found.city, { shouldValidate: true });
    const state = BRAZILIAN_STATES.find((known) => known.code === found.uf)?.code;
    if (state) setValue('state', state, { shouldValidate: true });
  }, [cep.address, form, setValue]);

  const next = async () => {
    if (await trigger(stepFields(step), { shouldFocus: true })) {
      setStep((current) => stepAfter(current, 1));
    } else {
      notify.error(REQUIRED_TITLE, 'Por favor, preencha todos os campos obrigatórios corretamente.');
    }
  };

  const finish = handleSubmit(
    (input) =>
      save.mutate(
        { input, mode: editing ? 'edit' : 'onboarding' },
        {
          onSuccess: () => {
            notify.success('Dados da corretora salvos com sucesso.');
            void navigate('/');
          },
          onError: (error) => onError(error, 'Erro', 'Erro ao salvar os dados da corretora.'),
        },
      ),
    (errors) => {
      const target = firstStepWithError(Object.keys(errors));
      if (target && target !== step) setStep(target);
      notify.error(REQUIRED_TITLE, 'Por favor, preencha todos os campos obrigatórios.');
    },
  );

  const doRestart = () =>
    restart.mutate(undefined, {
      onSuccess: (restarted) => {
        reset(profileToWizard(restarted, {}));
        setStep(1);
        notify.success('Onboarding reiniciado', 'O cadastro da corretora volta ao passo 1 com os dados salvos.');
      },
      onError: (error) => onError(error, 'Erro', 'Não foi possível reiniciar o cadastro.'),
    });

  const stepProps = { control };
  return (
    <>
      <PageHeader
        title={editing ? 'Editar Dados da Corretora' : 'Configuração da Corretora'}
        subtitle={editing ? 'Atualize os dados da sua corretora' : 'Complete o cadastro para liberar todas as áreas do sistema'}
      />
      {profile && !editing ? (
        <MessageBar className={styles.notice} intent="info">
          <MessageBarBody>Sua corretora já tem dados salvos. Você pode continuar de onde parou ou reiniciar o cadastro.</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={doRestart} disabled={restart.isPending}>
              Reiniciar
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <Card className={styles.card}>
        <div className={styles.progress}>
          <Text weight="semibold">
            Passo {step} de {STEP_COUNT}
          </Text>
          <ProgressBar value={step / STEP_COUNT} thickness="large" aria-label={`Passo ${step} de ${STEP_COUNT}`} />
        </div>
        <Subtitle1 as="h2">{STEP_TITLES[step]}</Subtitle1>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < STEP_COUNT) void next();
            else void finish();
          }}
        >
          {step === 1 ? <StepPersonal {...stepProps} /> : null}
          {step === 2 ? <StepCompany {...stepProps} noComplement={noComplement === true} cepHint={cep.hint} /> : null}
          {step === 3 ? <StepSusep {...stepProps} /> : null}
          {step === 4 ? <StepProfessional {...stepProps} /> : null}
          <Body1>&nbsp;</Body1>
          <div className={styles.buttons}>
            {editing ? (
              <Button onClick={onCancel} disabled={save.isPending}>
                Cancelar
              </Button>
            ) : null}
            <div className={styles.right}>
              {step > 1 ? (
                <Button onClick={() => setStep((current) => stepAfter(current, -1))} disabled={save.isPending}>
                  Anterior
                </Button>
              ) : null}
              {step < STEP_COUNT ? (
                <Button appearance="primary" type="submit">
                  Próximo
                </Button>
              ) : (
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={save.isPending}
                  icon={save.isPending ? <Spinner size="tiny" /> : undefined}
                >
                  Finalizar
                </Button>
              )}
            </div>
          </div>
        </form>
      </Card>
    </>
  );
}
