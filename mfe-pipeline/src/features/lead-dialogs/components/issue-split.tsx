// 'Dividir a comissão (repasse)' in Confirmar emissão loads when the broker asks for it: the board's
// bundle carries neither the participants editor nor the contract's schema that checks it.
export { ParticipantsEditor as default, checkParticipants } from '@corretora/web-kit/ui';
