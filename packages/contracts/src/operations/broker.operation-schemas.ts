// The server half of the broker operations, by the same names: each one's summary (the reference) and its runtime
// schemas (the services' route()). Never imported by a front end, so no page carries what it does not use.
import { BrokerProfileSchema, BrokerProfileUpdateSchema, PhotoFieldsSchema } from '../broker/broker-profile.schemas';
import { DisclosureSchema } from '../broker/disclosure.schemas';

export const saveProfile = { summary: 'Salva o cadastro da corretora (201 ao criar, 200 ao substituir).', body: BrokerProfileSchema };
export const updateProfile = { summary: 'Edita o perfil.', body: BrokerProfileUpdateSchema };
export const uploadPhoto = { summary: 'Envia a foto do perfil (JPG ou PNG, até 2 MB).', upload: PhotoFieldsSchema };
export const profile = { summary: 'O perfil da corretora (null antes do cadastro).' };
export const restartOnboarding = { summary: 'Reinicia o cadastro, mantendo os dados.' };
export const photo = { summary: 'A foto do perfil.' };
export const memberPhotoOf = { summary: 'O endereço da foto do próprio membro (null sem foto).' };
export const uploadMemberPhoto = { summary: 'Envia a foto do próprio membro (JPG ou PNG, até 2 MB).', upload: PhotoFieldsSchema };
export const memberPhoto = { summary: 'A foto de um membro da corretora.' };
export const dashboard = { summary: 'Os números do painel e a atividade recente.' };
export const clearData = { summary: 'Limpar Dados: apaga registros e arquivos da conta.' };
export const brokerageName = { summary: 'O nome da corretora (fantasia, senão a razão social), para quem a convida.' };
export const disclosure = { summary: 'Os itens I a III do informe da Resolução CNSP 382/2020 (participações e exclusividade).' };
export const saveDisclosure = {
  summary: 'Registra os itens I a III do informe CNSP 382: participações de 10% ou mais, exclusividade ou as seguradoras com que trabalha.',
  body: DisclosureSchema,
};
export const disclosureForPrint = { summary: 'A corretora e os itens I a III do informe CNSP 382, para o PDF.' };
export const uploadLogo = { summary: 'Envia o logotipo da corretora (PNG ou JPG, até 1 MB).', upload: PhotoFieldsSchema };
export const removeLogo = { summary: 'Remove o logotipo da corretora.' };
export const logo = { summary: 'O logotipo da corretora.' };
export const brokerageLogo = { summary: 'O logotipo da corretora em base64, para o PDF e as páginas do cliente (null sem logotipo).' };
