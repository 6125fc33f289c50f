import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback (smtp-server from npm) that keeps every message it receives, parsed. `url` is the
 * SMTP_URL a test server sends through; `waitFor` resolves with the first message (received before or after the call)
 * that passes the test — mail is sent by jobs, so tests wait for the message itself, never for a time.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const waiting: { test: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of [...waiting]) {
            if (!waiter.test(mail)) continue;
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(test: (mail: ParsedMail) => boolean) {
      const found = received.find(test);
      if (found) return Promise.resolve(found);
      return new Promise<ParsedMail>((resolve) => waiting.push({ test, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a parsed message was sent to `address`. */
export function sentTo(mail: ParsedMail, address: string) {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.some((list) => list.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
}
