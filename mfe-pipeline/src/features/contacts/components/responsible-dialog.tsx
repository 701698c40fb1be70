import {
  ContactUpdateSchema,
  PIPELINE_OPERATIONS,
  RELATIONSHIP_OPERATIONS,
  ResponsibleFormSchema,
  formatPhone,
  type Contact,
} from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { Body1 } from '@corretora/web-kit/fluent/core';
import { FormDialog, SelectField, useFormErrors, useNotify, useSchemaForm, type Team } from '@corretora/web-kit/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ContactUpdateBody } from '../../../lib/contact-api';

/**
 * 'Mudar responsável' on the ficha (owners and admins): the client goes to another member whole —
 * their deals and open tasks, their policies with renewals, claims and documents. The body is the
 * contact's own name and phone with the new member, checked by the contract's schema before sending.
 */
export function ResponsibleDialog({ contact, team, onClose }: { contact: Contact; team: Team; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (body: ContactUpdateBody) => callOperation(PIPELINE_OPERATIONS.updateContact, { params: { id: contact.id }, body }),
    onSuccess: () =>
      invalidateOperations(
        queryClient,
        RELATIONSHIP_OPERATIONS.contactOverview,
        PIPELINE_OPERATIONS.contact,
        PIPELINE_OPERATIONS.contacts,
        PIPELINE_OPERATIONS.board,
      ),
  });
  const { control, handleSubmit, setError } = useSchemaForm(ResponsibleFormSchema, {
    defaultValues: { responsibleId: contact.responsibleId },
  });
  const onError = useFormErrors(setError);
  const submit = handleSubmit(({ responsibleId }) => {
    const body = { name: contact.name, phone: formatPhone(contact.phone), notes: [], responsibleId };
    const checked = v.safeParse(ContactUpdateSchema, body);
    if (!checked.success) {
      // An old record the edit form would refuse too (a phone typed wrong in an import): fixed there first.
      setError('responsibleId', {
        message: `Corrija o cadastro do cliente em Editar antes de mudar o responsável: ${checked.issues[0].message}.`,
      });
      return;
    }
    move.mutate(body, {
      onSuccess: () => {
        notify.success(`${contact.name} agora é de ${team.nameOf(responsibleId) ?? 'outro membro'}.`);
        onClose();
      },
      onError: (error) => onError(error, 'Não foi possível mudar o responsável'),
    });
  });
  return (
    <FormDialog title="Mudar responsável" submitLabel="Mudar" busy={move.isPending} onSubmit={submit} onClose={onClose}>
      <Body1>Os negócios, as tarefas em aberto, as apólices, as renovações, os sinistros e os documentos do cliente vão junto.</Body1>
      <SelectField
        control={control}
        name="responsibleId"
        label="Responsável"
        required
        options={team.active.map((member) => ({ value: member.id, label: member.name ?? member.email }))}
      />
    </FormDialog>
  );
}
