import type { SmsSender } from './port.ts';

/**
 * The embedded default: no SMS provider, the code goes to the server's stdout as exactly one line
 * `[sms] +2519XXXXXXXX 123456 <text>`. This is the only place a code is ever written out.
 */
export function consoleSmsLine(to: string, code: string, text: string): string {
  return `[sms] ${to} ${code} ${text.replace(/\s+/g, ' ')}\n`;
}

export function createConsoleSmsSender(write: (line: string) => void = (line) => process.stdout.write(line)): SmsSender {
  return {
    id: 'console',
    async send(message) {
      write(consoleSmsLine(message.to, message.code, message.text));
      return { accepted: true, providerMessageId: null };
    },
  };
}
