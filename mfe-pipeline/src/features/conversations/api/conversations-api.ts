import { RELATIONSHIP_OPERATIONS, WHATSAPP_OPERATIONS as OPS, type ConversationMessageInput } from '@corretora/contracts';
import { callOperation, invalidateOperations, operationQuery } from '@corretora/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A client's message shows within two seconds: the list and the open thread ask again that often. */
export const CONVERSATIONS_REFRESH_MS = 2_000;

export function useConversations() {
  return useQuery({ ...operationQuery(OPS.conversations, { query: {} }), staleTime: 0, refetchInterval: CONVERSATIONS_REFRESH_MS });
}

export function useThread(id: number | null) {
  return useQuery({
    ...operationQuery(OPS.messages, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: CONVERSATIONS_REFRESH_MS,
  });
}

/** The templates Meta approved (the server syncs them), for a reply outside the 24-hour window. */
export function useTemplates(enabled: boolean) {
  return useQuery({ ...operationQuery(OPS.templates), enabled, staleTime: 60_000 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateOperations(queryClient, OPS.conversations, OPS.messages, RELATIONSHIP_OPERATIONS.contactOverview);
}

export function useSendMessage(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ConversationMessageInput) => callOperation(OPS.send, { params: { id }, body }),
    onSettled: refresh,
  });
}

export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => callOperation(OPS.markRead, { params: { id } }), onSuccess: refresh });
}

export function useAssignConversation(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (memberId: string) => callOperation(OPS.assign, { params: { id }, body: { memberId } }),
    onSuccess: refresh,
  });
}
