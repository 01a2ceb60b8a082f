import { createServer, type IncomingHttpHeaders } from 'node:http'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'

/** A webhook receiver on 127.0.0.1 for tests: records every request, answers from a script (200 "ok" when it runs out). */
export interface Receiver {
  url: (path?: string) => string
  received: { path: string; headers: IncomingHttpHeaders; body: string }[]
  /** Answers for the next requests, in order. `hang`: never answer (a timeout). */
  answers: { status: number; body?: string; hang?: boolean }[]
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = { received: [], answers: [] }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      receiver.received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = receiver.answers.shift() ?? { status: 200, body: 'ok' }
      if (answer.hang) return
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    ...receiver,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A TCP port on loopback that counts the connections made to it (and answers none). */
export async function startConnectionTrap(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0
  const server = createTcpServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
