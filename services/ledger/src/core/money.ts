import { MAX_TRANSFER_AMOUNT } from '../config.ts';

/** Token amounts are whole, positive and bounded: anything else is `invalid_amount`. */
export const isValidAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_TRANSFER_AMOUNT;

/** What an account can still spend: its posted balance minus what holds have reserved. */
export const availableOf = (state: { readonly balance: number; readonly held: number }) => state.balance - state.held;
