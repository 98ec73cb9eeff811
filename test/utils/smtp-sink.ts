import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent after DATA (headers and body, CRLF line ends, dot-unstuffed). */
  data: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server for tests (RFC 5321 without TLS or AUTH): it answers EHLO/HELO, MAIL,
 * RCPT, DATA, RSET, NOOP and QUIT and keeps each message it accepts.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string): void => {
      socket.write(`${line}\r\n`);
    };

    const command = (line: string): void => {
      const verb = line.slice(0, 4).toUpperCase();
      const arg = /<([^>]*)>/.exec(line)?.[1] ?? '';
      switch (verb) {
        case 'EHLO':
          reply('250-localhost greets you');
          reply('250 8BITMIME');
          break;
        case 'HELO':
          reply('250 localhost');
          break;
        case 'MAIL':
          envelope = { from: arg, to: [] };
          reply('250 2.1.0 Ok');
          break;
        case 'RCPT':
          envelope.to.push(arg);
          reply('250 2.1.5 Ok');
          break;
        case 'DATA':
          inData = true;
          dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
          break;
        case 'RSET':
          envelope = { from: '', to: [] };
          reply('250 2.0.0 Ok');
          break;
        case 'NOOP':
          reply('250 2.0.0 Ok');
          break;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          break;
        default:
          reply('502 5.5.2 Command not recognized');
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!inData) {
          command(line);
        } else if (line === '.') {
          inData = false;
          mails.push({ ...envelope, data: dataLines.join('\r\n') });
          reply('250 2.0.0 Ok: queued');
        } else {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        }
      }
    });
    reply('220 localhost ESMTP test sink');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Undoes quoted-printable soft line breaks and =XX escapes (enough to read a test mail). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
