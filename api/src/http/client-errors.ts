import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@twinclean/shared/errors';

/**
 * Requests Node refuses before the app sees them (a URL or headers over 16 kB, bytes that are
 * not HTTP) get the API's error body too, rather than Node's empty one.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, body]: [number, ErrorBody] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            {
              message: 'The address or headers of the request are too long.',
              code: 'headers_too_large',
            },
          ]
        : [400, { message: 'The request is not valid HTTP.', code: 'bad_request' }];
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  });
}
