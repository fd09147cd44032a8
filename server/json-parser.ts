/**
 * socket.io's default parser, without the binary scan on outgoing packets.
 *
 * socket.io-parser's `Encoder.encode` walks every object and array of a packet
 * (`hasBinary`) before it stringifies it. Every packet this server sends is a
 * boardgame.io state or log (plain JSON, never a Buffer), once per player per
 * move, so the walk was pure cost: about 8% of the server's CPU under load.
 * The wire format is unchanged (the same string packets), so clients keep the
 * default parser, and decoding is socket.io's own.
 */
import * as parser from 'socket.io-parser';

class JsonEncoder extends parser.Encoder {
  override encode(obj: parser.Packet): ReturnType<parser.Encoder['encode']> {
    // (cast: encodeAsString is private in the typings, public in the code)
    return [(this as unknown as { encodeAsString(p: parser.Packet): string }).encodeAsString(obj)];
  }
}

/** The `parser` option for socket.io's `Server`. */
export const jsonParser = { ...parser, Encoder: JsonEncoder };
