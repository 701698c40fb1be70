import {
  PORTAL_OPERATIONS as OPS,
  PORTAL_PHOTO_MAX_BYTES,
  PortalClaimFormSchema,
  type PortalClaimInput,
  type PortalPolicy,
} from '@corretora/contracts';
import { apiErrorMessage, applyFieldErrors, callOperation, invalidateOperations } from '@corretora/web-kit';
import { Button, Field } from '@corretora/web-kit/fluent/core';
import { DateField, FormDialog, SelectField, TextField, TextareaField, useSchemaForm, Notice } from '@corretora/web-kit/ui';
import { uploadOperation } from '@corretora/web-kit/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

const PHOTO_TOO_LARGE = 'Cada foto deve ter no máximo 10 MB.';
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];

/**
 * Avisar sinistro: what happened, when and where, on which policy, and photos (each up to 10 MB,
 * sent one by one after the claim exists: a photo that fails leaves the claim reported).
 */
export default function ClaimDialog({
  policies,
  onClose,
  onDone,
}: {
  policies: readonly PortalPolicy[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(PortalClaimFormSchema, {
    defaultValues: {
      policyId: policies.find((policy) => policy.inForce) ? String(policies.find((policy) => policy.inForce)!.id) : '',
      description: '',
      occurredAt: '',
      place: '',
    },
  });
  const picker = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoIssue, setPhotoIssue] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: async (body: PortalClaimInput) => {
      const claim = await callOperation(OPS.reportClaim, { body });
      const failed: string[] = [];
      for (const photo of photos) {
        const data = new FormData();
        data.append('photo', photo);
        await uploadOperation(OPS.claimPhoto, { params: { id: claim.id }, body: data }).catch((error: unknown) =>
          failed.push(`${photo.name}: ${apiErrorMessage(error, 'não foi enviada')}`),
        );
      }
      return { claim, failed };
    },
    onMutate: () => setFailure(null),
    onSuccess: async ({ claim, failed }) => {
      await invalidateOperations(queryClient, OPS.claims);
      onDone(
        `Sinistro ${claim.claimId} avisado: a corretora já recebeu e vai entrar em contato.${failed.length ? ` Fotos não enviadas: ${failed.join('; ')}.` : ''}`,
      );
    },
    onError: (error) => {
      if (!applyFieldErrors(error, form.setError))
        setFailure(apiErrorMessage(error, 'Não foi possível avisar o sinistro. Tente novamente.'));
    },
  });
  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const refused = chosen.find((file) => file.size > PORTAL_PHOTO_MAX_BYTES || !PHOTO_TYPES.includes(file.type));
    setPhotoIssue(
      refused
        ? refused.size > PORTAL_PHOTO_MAX_BYTES
          ? `${refused.name}: ${PHOTO_TOO_LARGE}`
          : `${refused.name}: envie JPG, PNG ou PDF.`
        : null,
    );
    setPhotos(refused ? [] : chosen.slice(0, 10));
  };
  return (
    <FormDialog
      title="Avisar sinistro"
      submitLabel="Avisar a corretora"
      busy={report.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => (photoIssue ? undefined : report.mutate(input)))}
    >
      {failure ? <Notice intent="error">{failure}</Notice> : null}
      <SelectField
        control={form.control}
        name="policyId"
        label="Apólice"
        emptyLabel="Não sei / nenhuma"
        options={policies.map((policy) => ({ value: String(policy.id), label: `${policy.lineLabel} · ${policy.policyNumber}` }))}
      />
      <TextareaField control={form.control} name="description" label="O que aconteceu" required maxLength={2000} />
      <DateField control={form.control} name="occurredAt" label="Quando (dd/mm/aaaa)" required />
      <TextField control={form.control} name="place" label="Onde" required maxLength={200} />
      <Field
        label="Fotos (até 10 MB cada)"
        validationMessage={photoIssue ?? undefined}
        hint={photos.length ? photos.map((photo) => photo.name).join(', ') : 'Nenhuma foto escolhida'}
      >
        {/* The browser's own file button speaks the browser's language; this one speaks the portal's. */}
        <Button onClick={() => picker.current?.click()}>Escolher fotos</Button>
      </Field>
      <input
        ref={picker}
        hidden
        type="file"
        aria-label="Fotos do sinistro"
        accept="image/jpeg,image/png,application/pdf"
        multiple
        onChange={(event) => choose(event.target.files)}
      />
    </FormDialog>
  );
}
