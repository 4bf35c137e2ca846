// The English validation texts (the contracts' own), in a chunk of their own: only a form shows them, and the first
// page a visitor opens has none (bench/bundle-size.mjs).
export { validationMessagesEn } from '@pes/contracts';
