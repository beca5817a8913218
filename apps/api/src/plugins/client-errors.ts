import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiError, ERROR_CODES } from '@app/contracts';
import type { ConnectionError } from 'fastify';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them — headers or a URL beyond the
 * parser's limit (16 KB), a request that is not HTTP, a client too slow to send its headers —
 * answered in our one error shape, and saying `Connection: close`, since the server closes the
 * connection right after: the parser cannot find where the next request would start. (Fastify's
 * default answer had its own body shape and closed without saying so.) Set as the server's
 * `clientErrorHandler` option (app.ts).
 */
export function answerClientError(err: ConnectionError, socket: Socket) {
  // A connection reset: nobody is left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = refusal(err);
  if (socket.writable) {
    const body = JSON.stringify({ error: { code: ERROR_CODES.badRequest, message } } satisfies ApiError);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}

function refusal(err: ConnectionError): [number, string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.'];
  if (err.code === 'HPE_HEADER_OVERFLOW')
    // Node hands the packet it was parsing as a Buffer (Fastify's type says otherwise).
    return urlOverflowed(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined)
      ? [414, 'The URL is too long.']
      : [431, 'The request headers are too large.'];
  return [400, 'The request is not valid HTTP.'];
}

/**
 * The request line alone went past the parser's limit: the packet it was reading starts with the
 * request and has no line end within the limit. (A later packet, or headers that overflowed after a
 * short request line, is the headers' fault.)
 */
function urlOverflowed(packet: Buffer | undefined): boolean {
  if (!packet || !/^[A-Z]+ \//.test(packet.subarray(0, 16).toString('latin1'))) return false;
  const lineEnd = packet.indexOf('\r\n');
  return lineEnd < 0 || lineEnd > maxHeaderSize;
}
