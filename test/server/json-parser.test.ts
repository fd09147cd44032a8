import { describe, expect, it } from 'vitest';
import * as parser from 'socket.io-parser';
import { InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../../src/games/lisbon';
import { jsonParser } from '../../server/json-parser';

describe('the server socket parser (default parser minus the binary scan)', () => {
  it('encodes a state packet exactly as socket.io-parser does, and the default decoder reads it back', () => {
    const state = InitializeGame({ game: { ...LisbonTram28, seed: 'parser' }, numPlayers: 4 });
    const packet = { type: parser.PacketType.EVENT, nsp: '/lisbon-tram-28', data: ['update', 'match-1', state, []] };
    const ours = new jsonParser.Encoder().encode(packet);
    expect(ours).toEqual(new parser.Encoder().encode(packet));
    expect(ours).toHaveLength(1);
    const decoder = new parser.Decoder();
    let decoded: unknown;
    decoder.on('decoded', (p: unknown) => (decoded = p));
    decoder.add(ours[0] as string);
    expect(decoded).toEqual({
      type: parser.PacketType.EVENT,
      nsp: '/lisbon-tram-28',
      data: JSON.parse(JSON.stringify(packet.data)),
    });
  });
});
