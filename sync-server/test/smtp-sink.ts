// A real SMTP server on 127.0.0.1 (nodemailer's smtp-server) for the mail tests: it speaks the
// wire protocol the SMTP adapter talks to a provider, keeps what it receives, and can refuse
// recipients (temporarily, 451, or for good, 550) the way a mail server having trouble does.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMessage {
  from: string
  to: string[]
  raw: Buffer
}

export interface SmtpSink {
  /** smtp://user:password@127.0.0.1:port */
  url: string
  received: ReceivedMessage[]
  /** The reply to the next recipients: accept, or refuse with this SMTP code. */
  refuseWith: number | null
  /** Recipient commands refused so far. */
  refused: number
  close(): Promise<void>
}

export const SINK_USER = 'lfit'
export const SINK_PASSWORD = 'sink-password'

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: Omit<SmtpSink, 'url' | 'close'> = { received: [], refuseWith: null, refused: 0 }
  const server = new SMTPServer({
    // Plain SMTP on loopback; a provider would offer STARTTLS or smtps://.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) {
        callback(null, { user: auth.username })
      } else callback(new Error('authentication failed'))
    },
    onRcptTo(_address, _session, callback) {
      if (sink.refuseWith === null) return callback()
      sink.refused += 1
      const error = Object.assign(new Error('mailbox unavailable'), {
        responseCode: sink.refuseWith,
      })
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom
        sink.received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return Object.assign(sink, {
    url: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
