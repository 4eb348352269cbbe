import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: what the app sends arrives here, parsed by mailparser. */
export interface TestMailServer {
  /** SMTP_URL for createTestContext. */
  url: string;
  /** Every message received so far, in order. */
  messages: ParsedMail[];
  /** Messages sent to this address. */
  to(address: string): ParsedMail[];
  /** While true, every message is refused with a 451 (a failing mail server). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<TestMailServer> {
  const messages: ParsedMail[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.failing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('451 Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) =>
      messages.filter((m) => {
        const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
        return to.some((t) => t.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
      }),
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
