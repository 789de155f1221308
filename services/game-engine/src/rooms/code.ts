import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, uuidFrom } from '@qal/events';

/**
 * The room code of a create command: drawn from the command id, so a retried create is the same room; `attempt`
 * gives the next derivation when a code is taken. 32 symbols: 5 bits of the derived id per character.
 */
export function roomCodeFor(commandId: string, attempt: number): string {
  const hex = uuidFrom('room-code', commandId, String(attempt)).replace(/-/g, '');
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i += 1) {
    const value = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    code += ROOM_CODE_ALPHABET[value % ROOM_CODE_ALPHABET.length];
  }
  return code;
}
