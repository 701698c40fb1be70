import {
  DisableMemberSchema,
  FINANCE_OPERATIONS,
  InvitationSchema,
  MemberRoleSchema,
  PIPELINE_OPERATIONS,
  ROLE_OPTIONS,
  TransferCarteiraSchema,
  formatCount,
  type Role,
  type TeamMember,
} from '@corretora/contracts';
import { FormDialog, SelectField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { useOperation } from '@corretora/web-kit';
import { Body1 } from '@corretora/web-kit/fluent/core';
import { useDisableMember, useInvite, useSetRole, useTransferCarteira } from '../api/team-api';

/** The roles a manager may give: only an owner gives (or takes) the owner's. */
function rolesFor(actor: Role) {
  return actor === 'owner' ? ROLE_OPTIONS : ROLE_OPTIONS.filter((option) => option.value !== 'owner');
}

const memberOptions = (members: readonly TeamMember[]) =>
  members.map((member) => ({ value: member.id, label: member.name ? `${member.name} (${member.email})` : member.email }));

export function InviteDialog({ actor, onClose }: { actor: Role; onClose: () => void }) {
  const notify = useNotify();
  const invite = useInvite();
  const { control, handleSubmit, setError } = useSchemaForm(InvitationSchema, { defaultValues: { email: '', role: 'producer' } });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (invitation) => {
        notify.success(`Convite enviado para ${invitation.email}. O link vale por 7 dias.`);
        onClose();
      },
      onError: (error) => onError(error, 'Não foi possível enviar o convite'),
    }),
  );
  return (
    <FormDialog title="Convidar para a equipe" submitLabel="Enviar convite" busy={invite.isPending} onSubmit={submit} onClose={onClose}>
      <TextField control={control} name="email" label="Email" required type="email" autoComplete="off" />
      <SelectField control={control} name="role" label="Papel" required options={rolesFor(actor)} />
      <Body1>Produtores veem só os clientes pelos quais respondem; assistentes veem todos, sem comissões nem valores a receber.</Body1>
    </FormDialog>
  );
}

export function RoleDialog({ actor, member, onClose }: { actor: Role; member: TeamMember; onClose: () => void }) {
  const notify = useNotify();
  const setRole = useSetRole();
  const { control, handleSubmit, setError } = useSchemaForm(MemberRoleSchema, { defaultValues: { role: member.role } });
  const onError = useFormErrors(setError);
  const submit = handleSubmit(({ role }) =>
    setRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => {
          notify.success('Papel alterado.');
          onClose();
        },
        onError: (error) => onError(error, 'Não foi possível alterar o papel'),
      },
    ),
  );
  return (
    <FormDialog
      title={`Papel de ${member.name ?? member.email}`}
      submitLabel="Salvar"
      busy={setRole.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField control={control} name="role" label="Papel" required options={rolesFor(actor)} />
    </FormDialog>
  );
}

/** How much a member's carteira holds: their clients and their policies in force, as the lists count them (undefined while loading). */
function useCarteira(memberId: string): { clients: number | undefined; policies: number | undefined } {
  const clients = useOperation(PIPELINE_OPERATIONS.contacts, { query: { responsibleId: memberId, pageSize: '1' } });
  const policies = useOperation(FINANCE_OPERATIONS.policies, { query: { responsibleId: memberId, status: 'active' } });
  return { clients: clients.data?.total, policies: policies.data?.length };
}

/** What moves with a carteira, said before it moves: its clients and its policies in force. */
function CarteiraSize({ member }: { member: TeamMember }) {
  const { clients, policies } = useCarteira(member.id);
  if (clients === undefined || policies === undefined) return <Body1>Contando a carteira…</Body1>;
  const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
  return (
    <Body1>{`A carteira de ${member.name ?? member.email}: ${count(clients, 'cliente', 'clientes')} e ${count(policies, 'apólice em vigor', 'apólices em vigor')}, com seus negócios, renovações, sinistros, documentos e tarefas abertas.`}</Body1>
  );
}

/** Who may hold a carteira: not an assistant (they work every client, and see no money). */
const holders = (members: readonly TeamMember[]) => members.filter((member) => member.role !== 'assistant');

const movedText = (moved: number) => (moved === 1 ? '1 registro passou' : `${moved} registros passaram`);

/** Disabling a member: their sessions end at once and their carteira moves to the member chosen. */
export function DisableDialog({ member, others, onClose }: { member: TeamMember; others: readonly TeamMember[]; onClose: () => void }) {
  const notify = useNotify();
  const disable = useDisableMember();
  const { control, handleSubmit, setError } = useSchemaForm(DisableMemberSchema, { defaultValues: { transferTo: '' } });
  const onError = useFormErrors(setError);
  const name = member.name ?? member.email;
  const submit = handleSubmit(({ transferTo }) =>
    disable.mutate(
      { memberId: member.id, transferTo },
      {
        onSuccess: ({ moved }) => {
          notify.success(`${name} foi desativado; ${movedText(moved)} ao novo responsável.`);
          onClose();
        },
        onError: (error) => onError(error, 'Não foi possível desativar'),
      },
    ),
  );
  return (
    <FormDialog title={`Desativar ${name}`} submitLabel="Desativar" busy={disable.isPending} onSubmit={submit} onClose={onClose}>
      <Body1>O acesso termina na hora, em todas as sessões abertas. Os clientes, negócios, apólices e tarefas passam a:</Body1>
      <CarteiraSize member={member} />
      <SelectField control={control} name="transferTo" label="Novo responsável" required options={memberOptions(holders(others))} />
    </FormDialog>
  );
}

/** The whole carteira of a member to another (a producer leaves a region, takes leave). */
export function TransferDialog({ member, others, onClose }: { member: TeamMember; others: readonly TeamMember[]; onClose: () => void }) {
  const notify = useNotify();
  const transfer = useTransferCarteira();
  const { control, handleSubmit, setError } = useSchemaForm(TransferCarteiraSchema, { defaultValues: { to: '' } });
  const onError = useFormErrors(setError);
  const submit = handleSubmit(({ to }) =>
    transfer.mutate(
      { memberId: member.id, to },
      {
        onSuccess: ({ moved }) => {
          notify.success(`Carteira transferida: ${movedText(moved)} ao novo responsável.`);
          onClose();
        },
        onError: (error) => onError(error, 'Não foi possível transferir a carteira'),
      },
    ),
  );
  return (
    <FormDialog
      title={`Transferir a carteira de ${member.name ?? member.email}`}
      submitLabel="Transferir"
      busy={transfer.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <CarteiraSize member={member} />
      <SelectField control={control} name="to" label="Novo responsável" required options={memberOptions(holders(others))} />
    </FormDialog>
  );
}
