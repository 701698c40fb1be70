import { TEAM_OPERATIONS as OPS, type InvitationInput, type Role } from '@corretora/contracts';
import { callOperation, invalidateOperations } from '@corretora/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every change of the team is seen in the list at once (members and open invitations). */
function useTeamMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateOperations(queryClient, OPS.list, OPS.invitations) });
}

export const useInvite = () => useTeamMutation((body: InvitationInput) => callOperation(OPS.invite, { body }));

export const useRevokeInvitation = () =>
  useTeamMutation((invitationId: string) => callOperation(OPS.revokeInvitation, { params: { invitationId } }));

export const useSetRole = () =>
  useTeamMutation(({ memberId, role }: { memberId: string; role: Role }) =>
    callOperation(OPS.setRole, { params: { memberId }, body: { role } }),
  );

export const useDisableMember = () =>
  useTeamMutation(({ memberId, transferTo }: { memberId: string; transferTo: string }) =>
    callOperation(OPS.disable, { params: { memberId }, body: { transferTo } }),
  );

export const useTransferCarteira = () =>
  useTeamMutation(({ memberId, to }: { memberId: string; to: string }) =>
    callOperation(OPS.transfer, { params: { memberId }, body: { to } }),
  );
