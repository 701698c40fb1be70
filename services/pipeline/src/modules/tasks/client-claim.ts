import { formatCnpj, formatCpf, saoPauloDay, type ClientClaimInput } from '@corretora/contracts';
import { HttpError, runAsMember, teamOrNobody, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { colleaguesClient } from '../ownership/colleague-client';
import type { TasksService } from './tasks.service';

export const CLAIM_SENT = 'Pedido enviado ao proprietário da corretora. Você verá o cliente quando ele for transferido para você.';
const NOTHING_TO_CLAIM = 'Nenhum cliente de outro membro tem este documento.';

/**
 * A producer asks for a colleague's client they tried to create: a task, due today, for
 * the brokerage's owner (an active one; the founder's id when identity does not answer) about that
 * client, saying who asks. The producer is told only that it was sent: not whose the client is.
 */
export class ClientClaims {
  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly identity: InternalClient | null,
  ) {}

  async claim(user: SessionUser, input: ClientClaimInput): Promise<{ message: string }> {
    const { tasks, identity } = this;
    const client = await colleaguesClient(this.knex, user.id, input);
    if (!client) throw new HttpError(404, NOTHING_TO_CLAIM, [{ path: input.cpf ? 'cpf' : 'cnpj', message: NOTHING_TO_CLAIM }]);
    const team = await teamOrNobody(identity, user.id);
    const owner = team.find((member) => member.role === 'owner' && member.active)?.id ?? user.id;
    const who = user.name ?? user.email;
    const document = input.cpf ? `CPF ${formatCpf(input.cpf)}` : `CNPJ ${formatCnpj(input.cnpj)}`;
    await runAsMember(undefined, () =>
      tasks.create(user.id, {
        title: `${who} pede o cliente ${client.name} (${document}): se concordar, mude o responsável na ficha`.slice(0, 200),
        dueAt: saoPauloDay(new Date()),
        contactId: client.id,
        cardId: null,
        policyId: null,
        responsibleId: owner,
      }),
    );
    return { message: CLAIM_SENT };
  }
}
