import { api } from './api-client.ts';
import { walletViewSchema, type WalletView } from './realtime/protocol.ts';

export function fetchWallet(): Promise<WalletView> {
  return api.request('/wallet', walletViewSchema);
}
