import { PolicyNumbersSchema, type Policy } from '@corretora/contracts';
import { FormDialog, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { useUpdatePolicyNumbers } from '../api/policies-api';

/**
 * 'Nº da apólice': the insurer's policy number (required here: a policy awaiting it gets it) and the
 * proposal's, checked by the API's own schema before sending; a number another policy holds comes
 * back on its field.
 */
export default function PolicyNumbersDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const notify = useNotify();
  const save = useUpdatePolicyNumbers();
  const { control, handleSubmit, setError } = useSchemaForm(PolicyNumbersSchema, {
    defaultValues: {
      policyNumber: policy.awaitingNumber ? '' : policy.policyNumber,
      proposalNumber: policy.proposalNumber ?? '',
    },
  });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: policy.id, body },
      {
        onSuccess: (saved) => {
          notify.success('Números salvos', `Apólice ${saved.policyNumber} de ${saved.contactName}.`);
          onClose();
        },
        onError: (error) => onError(error, 'Falha ao salvar os números da apólice.'),
      },
    ),
  );
  return (
    <FormDialog
      title={policy.awaitingNumber ? 'Informar nº da apólice' : 'Nº da apólice'}
      submitLabel="Salvar"
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        control={control}
        name="policyNumber"
        label="Nº da apólice na seguradora"
        required
        maxLength={40}
        autoComplete="off"
        hint={policy.awaitingNumber ? `Provisório até aqui: ${policy.policyNumber}` : undefined}
      />
      <TextField control={control} name="proposalNumber" label="Nº da proposta" maxLength={40} autoComplete="off" />
    </FormDialog>
  );
}
