import { formatDateTime, formatCount } from '@corretora/contracts';
import { apiErrorMessage, useSearchParams } from '@corretora/web-kit';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Body1, Button, Caption1, Spinner, Text } from '@corretora/web-kit/fluent/core';
import { Notice, PageHeader } from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useConversations, useThread } from '../features/conversations/api/conversations-api';
import { ConversationThread } from '../features/conversations/components/conversation-thread';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(240px, 320px) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  // On a phone the list and the open conversation take turns.
  hiddenOnPhone: { '@media (max-width: 720px)': { display: 'none' } },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    width: '100%',
    justifyContent: 'flex-start',
    textAlign: 'start',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalS,
    minWidth: 0,
  },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minWidth: 0 },
  preview: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  back: { alignSelf: 'flex-start', '@media (min-width: 721px)': { display: 'none' } },
  pane: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/**
 * /conversations ('Conversas'): the brokerage's WhatsApp, unread first, then by the last message;
 * each member sees their clients' (owners and admins every one). New messages show without a reload.
 */
export default function ConversationsPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('conversa')) || null;
  const conversations = useConversations();
  const thread = useThread(selected);
  const open = (id: number | null) => setParams(id ? { conversa: String(id) } : {});
  return (
    <>
      <PageHeader title="Conversas" subtitle="O WhatsApp da corretora: as mensagens dos clientes chegam aqui, as não lidas primeiro" />
      {conversations.isError ? (
        <Notice intent="error">{apiErrorMessage(conversations.error, 'Não foi possível carregar as conversas.')}</Notice>
      ) : !conversations.data ? (
        <Spinner label="Carregando conversas..." />
      ) : (
        <div className={styles.layout}>
          <nav aria-label="Conversas" className={selected ? styles.hiddenOnPhone : undefined}>
            {conversations.data.length === 0 ? (
              <Body1>
                Nenhuma conversa ainda. As mensagens dos clientes chegam aqui quando o WhatsApp da corretora está conectado à Cloud API
                (Configurações › WhatsApp).
              </Body1>
            ) : (
              <ul className={styles.list}>
                {conversations.data.map((conversation) => (
                  <li key={conversation.id}>
                    <Button
                      className={styles.item}
                      appearance={conversation.id === selected ? 'secondary' : 'subtle'}
                      aria-current={conversation.id === selected ? 'true' : undefined}
                      onClick={() => open(conversation.id)}
                    >
                      <span className={styles.line}>
                        <Text weight={conversation.unreadCount > 0 ? 'semibold' : 'regular'} truncate wrap={false}>
                          {conversation.contact.name}
                        </Text>
                        {conversation.unreadCount > 0 ? (
                          <Badge appearance="filled" color="brand" aria-label={`${formatCount(conversation.unreadCount)} não lidas`}>
                            {formatCount(conversation.unreadCount)}
                          </Badge>
                        ) : null}
                      </span>
                      <Caption1 className={styles.preview}>{conversation.lastMessagePreview || 'Sem mensagens'}</Caption1>
                      <Caption1 className={styles.preview}>{formatDateTime(conversation.lastMessageAt)}</Caption1>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <div className={mergeClasses(styles.pane, selected ? undefined : styles.hiddenOnPhone)}>
            {selected ? (
              <Button className={styles.back} appearance="subtle" onClick={() => open(null)}>
                Voltar às conversas
              </Button>
            ) : null}
            {!selected ? (
              conversations.data.length > 0 ? (
                <Body1>Escolha uma conversa.</Body1>
              ) : null
            ) : thread.isError ? (
              <Notice intent="error">{apiErrorMessage(thread.error, 'Não foi possível abrir a conversa.')}</Notice>
            ) : !thread.data ? (
              <Spinner label="Carregando a conversa..." />
            ) : (
              <ConversationThread thread={thread.data} onLeave={() => open(null)} />
            )}
          </div>
        </div>
      )}
    </>
  );
}
