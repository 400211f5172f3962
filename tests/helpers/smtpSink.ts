/** A local SMTP server for the mail tests (smtp-server), keeping each message parsed (mailparser, with cid: links kept as sent). */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpSink {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Envelope recipients of each message, in order. */
  envelopes: string[][];
  /** Addresses the server refuses at RCPT TO. */
  refuse: Set<string>;
  /** The password the user `office` signs in with (any other sign-in is refused). */
  password: string;
  /** Delay before accepting DATA (ms), to make deliveries overlap. */
  delayMs: number;
  /** Replies to give the next MAIL FROMs, one each (421, 451 for a server busy; 554 refused), before accepting again. */
  replies: number[];
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: Partial<SMTPServerOptions> = {}): Promise<SmtpSink> {
  const sink = {
    messages: [] as ParsedMail[],
    envelopes: [] as string[][],
    refuse: new Set<string>(),
    delayMs: 0,
    replies: [],
    password: 'hunter2-secret',
  } as unknown as SmtpSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'office' && auth.password === sink.password) return callback(null, { user: 'office' });
      callback(new Error('Invalid username or password'));
    },
    onMailFrom(_address, _session, callback) {
      const code = sink.replies.shift();
      if (code === undefined) return callback();
      const error = new Error(code < 500 ? 'Service busy, try again later' : 'Transaction failed') as Error & { responseCode: number };
      error.responseCode = code;
      callback(error);
    },
    onRcptTo(address, _session, callback) {
      if (sink.refuse.has(address.address)) {
        const error = new Error(`Mailbox ${address.address} unavailable`) as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          simpleParser(Buffer.concat(chunks), { keepCidLinks: true })
            .then((parsed) => {
              sink.messages.push(parsed);
              sink.envelopes.push(session.envelope.rcptTo.map((r) => r.address));
              callback();
            })
            .catch(callback);
        }, sink.delayMs);
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.waitFor = async (count, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (sink.messages.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} messages, got ${sink.messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return sink.messages;
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
