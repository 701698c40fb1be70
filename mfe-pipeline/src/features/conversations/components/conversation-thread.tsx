import {
  CONVERSATION_CATEGORY_LABELS,
  ConversationMessageSchema,
  FINANCE_OPERATIONS,
  MESSAGE_STATUSES,
  WHATSAPP_MESSAGES,
  WHATSAPP_TEXT_MAX,
  RELATIONSHIP_OPERATIONS,
  WHATSAPP_OPERATIONS as OPS,
  formatDateTime,
  formatFileSize,
  renderTemplate,
  templateVariables,
  type ConversationThread as Thread,
} from '@corretora/contracts';
import { apiErrorMessage, operationUrl, useNavigate, useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Link, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { Notice, useNotify, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useState, type SyntheticEvent } from 'react';
import * as v from 'valibot';
import { useAssignConversation, useMarkRead, useSendMessage, useTemplates } from '../api/conversations-api';

const STATUS_LABELS = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status.value, status.label]));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  messages: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '55vh',
    overflowY: 'auto',
  },
  bubble: {
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  inbound: { alignSelf: 'flex-start', backgroundColor: tokens.colorNeutralBackground3 },
  outbound: { alignSelf: 'flex-end', backgroundColor: tokens.colorBrandBackground2 },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
});

/**
 * One conversation: the messages (the client's on the left), whose it is and who it can be passed
 * to, the 24-hour window and the client's marketing consent beside the reply box. Inside the window
 * a text goes; outside it only a template Meta approved (a marketing one only with consent).
 */
export function ConversationThread({ thread, onLeave }: { thread: Thread; onLeave: () => void }) {
  const ficha = `/contacts/${thread.conversation.contact.id}`;
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const team = useTeam();
  const { conversation } = thread;
  const windowOpen = conversation.windowOpen;
  const windowUntil = conversation.windowOpenUntil ?? '';
  const markRead = useMarkRead();
  const assign = useAssignConversation(conversation.id);
  const [passTo, setPassTo] = useState('');

  // Opened with something unread: it is read now.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (conversation.unreadCount > 0) read(conversation.id);
  }, [conversation.id, conversation.unreadCount, read]);

  const others = team.active.filter((member) => member.id !== conversation.assignedTo);
  return (
    <section className={styles.root} aria-label={`Conversa com ${conversation.contact.name}`}>
      <div className={styles.header}>
        <div className={styles.who}>
          <Subtitle2 as="h2">{conversation.contact.name}</Subtitle2>
          <Caption1 className={styles.muted}>
            {`Responsável: ${conversation.assignedTo ? (team.nameOf(conversation.assignedTo) ?? 'membro da equipe') : 'ninguém ainda'}`}
          </Caption1>
          <Link
            href={ficha}
            onClick={(event) => {
              event.preventDefault();
              void navigate(ficha);
            }}
          >
            Abrir a ficha do cliente
          </Link>
        </div>
        {team.isTeam ? (
          <div className={styles.row}>
            <Field label="Passar a conversa para">
              <Select value={passTo} onChange={(_event, data) => setPassTo(data.value)}>
                <option value="">Escolha um membro</option>
                {others.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name ?? member.email}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              disabled={!passTo || assign.isPending}
              onClick={() =>
                assign.mutate(passTo, {
                  onSuccess: () => {
                    notify.success(`Conversa passada para ${team.nameOf(passTo) ?? 'o membro escolhido'}.`);
                    setPassTo('');
                    // Who is not a manager may no longer see it (a producer; an assistant their brokerage limits).
                    if (!team.manager) onLeave();
                  },
                  onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível passar a conversa.')),
                })
              }
            >
              Passar
            </Button>
          </div>
        ) : null}
      </div>
      <ol className={styles.messages} aria-label="Mensagens">
        {thread.messages.map((message) => (
          <li key={message.id} className={mergeClasses(styles.bubble, message.direction === 'in' ? styles.inbound : styles.outbound)}>
            <Body1>{message.text}</Body1>
            {message.media ? <MediaLine conversationId={conversation.id} messageId={message.id} media={message.media} /> : null}
            <Caption1 className={styles.muted}>
              {[
                message.direction === 'in' ? 'Cliente' : message.sentBy ? (team.nameOf(message.sentBy) ?? 'Equipe') : 'Automático',
                formatDateTime(message.at),
                message.templateName ? `modelo ${message.templateName}` : null,
                message.direction === 'out' ? STATUS_LABELS[message.status] : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Caption1>
          </li>
        ))}
      </ol>
      <Caption1>
        {windowOpen
          ? `Janela de 24 horas aberta até ${formatDateTime(windowUntil)}: pode responder com texto livre.`
          : 'Janela de 24 horas fechada: só um modelo aprovado pela Meta pode ser enviado.'}{' '}
        {thread.marketingConsent ? 'Marketing: autorizado pelo cliente.' : 'Marketing: não autorizado pelo cliente.'}
      </Caption1>
      <ReplyForm thread={thread} />
    </section>
  );
}

/** The reply box: text (with a document of the client's, or the document alone) inside the window, an approved template outside it. */
function ReplyForm({ thread }: { thread: Thread }) {
  const styles = useStyles();
  const { conversation } = thread;
  const windowOpen = conversation.windowOpen;
  const send = useSendMessage(conversation.id);
  const templates = useTemplates(!windowOpen);
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = windowOpen
      ? { text, documentId: documentId ? Number(documentId) : undefined }
      : { templateId: templateId ? Number(templateId) : undefined };
    const checked = v.safeParse(ConversationMessageSchema, body);
    if (!checked.success) {
      setIssue(checked.issues[0].message);
      return;
    }
    setIssue(undefined);
    setFailure(null);
    send.mutate(checked.output, {
      onSuccess: () => {
        setText('');
        setTemplateId('');
        setDocumentId('');
      },
      onError: (error) => setFailure(apiErrorMessage(error, WHATSAPP_MESSAGES.providerFailed)),
    });
  };

  const approved = (templates.data ?? []).filter((template) => template.status === 'approved');
  return (
    <>
      {failure ? <Notice intent="error">{failure}</Notice> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        {windowOpen ? <QuickReplies name={conversation.contact.name} marketing={thread.marketingConsent} onPick={setText} /> : null}
        {windowOpen ? (
          <>
            <Field label="Mensagem" validationMessage={issue}>
              <Textarea value={text} maxLength={WHATSAPP_TEXT_MAX} resize="vertical" onChange={(_event, data) => setText(data.value)} />
            </Field>
            <DocumentChoice contactId={conversation.contact.id} value={documentId} onChange={setDocumentId} />
          </>
        ) : (
          <Field label="Modelo aprovado" validationMessage={issue}>
            <Select value={templateId} onChange={(_event, data) => setTemplateId(data.value)}>
              <option value="">{templates.isPending ? 'Carregando os modelos…' : 'Escolha um modelo'}</option>
              {approved.map((template) => (
                <option
                  key={template.id}
                  value={String(template.id)}
                  disabled={template.category === 'marketing' && !thread.marketingConsent}
                >
                  {`${template.name} · ${CONVERSATION_CATEGORY_LABELS[template.category]}${template.category === 'marketing' && !thread.marketingConsent ? ' (sem consentimento)' : ''}`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className={styles.row}>
          <Button type="submit" appearance="primary" disabled={send.isPending}>
            {windowOpen ? 'Enviar' : 'Enviar modelo'}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * Respostas rápidas: the brokerage's message templates that need nothing but the client's name,
 * filled into the box to be edited before sending (a marketing one only with the client's consent).
 */
function QuickReplies({ name, marketing, onPick }: { name: string; marketing: boolean; onPick: (text: string) => void }) {
  const templates = useOperation(RELATIONSHIP_OPERATIONS.messageTemplates);
  const usable = (templates.data ?? []).filter((template) => templateVariables(template.body).every((variable) => variable === 'nome'));
  if (usable.length === 0) return null;
  return (
    <Field label="Resposta rápida">
      <Select
        value=""
        onChange={(_event, data) => {
          const template = usable.find((option) => String(option.id) === data.value);
          if (template) onPick(renderTemplate(template.body, { nome: name }));
        }}
      >
        <option value="">Escolha para preencher a mensagem</option>
        {usable.map((template) => (
          <option key={template.id} value={String(template.id)} disabled={template.purpose === 'marketing' && !marketing}>
            {`${template.name}${template.purpose === 'marketing' && !marketing ? ' (sem consentimento)' : ''}`}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * A document of the client's (Documentos, the ficha's) to go with the reply: the message is its
 * caption, or the document goes alone.
 */
function DocumentChoice({ contactId, value, onChange }: { contactId: number; value: string; onChange: (id: string) => void }) {
  const documents = useOperation(FINANCE_OPERATIONS.documents, { query: { contactId: String(contactId) } });
  const items = documents.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Field label="Anexar documento do cliente" hint="A mensagem acima vai como legenda; pode ir sem mensagem.">
      <Select value={value} onChange={(_event, data) => onChange(data.value)}>
        <option value="">Nenhum</option>
        {items.map((document) => (
          <option key={document.id} value={String(document.id)}>
            {`${document.originalName} (${formatFileSize(document.fileSize)})`}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A file of the conversation (the client's, or a document sent): its download once it is in the store, or why it is not (yet). */
function MediaLine({
  conversationId,
  messageId,
  media,
}: {
  conversationId: number;
  messageId: number;
  media: NonNullable<Thread['messages'][number]['media']>;
}) {
  if (media.error) return <Caption1>{media.error}</Caption1>;
  if (!media.ready) return <Caption1>Recebendo o arquivo…</Caption1>;
  const size = media.size === null ? '' : ` (${formatFileSize(media.size)})`;
  return (
    <Link href={operationUrl(OPS.media, { params: { id: conversationId, messageId } })} download>
      {`Baixar ${media.name ?? 'o arquivo'}${size}`}
    </Link>
  );
}
