/**
 * The rematch (boardgame.io's `playAgain`) with two server processes on a real PostgreSQL and Redis. When a match
 * ends, both players may press "Play again" before either hears of the other's rematch (src/client/Rematch.tsx):
 * one press on each process, at once. boardgame.io reads the match, creates a rematch unless the match names one
 * already, and writes its ID back; both presses read "none yet", so each made its own rematch, and the players,
 * each seated in their own, waited for each other in two different matches. Every press must answer with the
 * same rematch, the one the finished match names, and only one of them with its creator key.
 *
 * The second press goes out 0 to 9 ms after the first, a different lag each round: a press that reached the
 * server while the first was still making the rematch, and was then answered with it, was once taken for its
 * maker and given a second key, which replaced the first (the creator's key stopped working).
 */
import { describe, expect, it } from 'vitest';
import { GAME, http, joinMatch, readMatch } from './harness';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ROUNDS = 20;

describe.skipIf(!PG_URL || !REDIS_URL)('the rematch on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'rematch2');

  it(`answers two presses of "Play again" at once, one on each process, with one rematch (${ROUNDS} times)`, async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await http(a.url, `/games/${GAME}/create`, {
        method: 'POST',
        json: { numPlayers: 2, turnClock: '5m', setupData: { firstPlayer: 0 } },
      });
      const matchID = created.json.matchID as string;
      const creds = [await joinMatch(a.url, matchID, '0'), await joinMatch(b.url, matchID, '1')];
      const press = (base: string, seat: number) =>
        http(base, `/games/${GAME}/${matchID}/playAgain`, {
          method: 'POST',
          json: { playerID: String(seat), credentials: creds[seat] },
        });
      const lag = round % 10;
      const later = new Promise((resolve) => setTimeout(resolve, lag)).then(() => press(b.url, 1));
      const answers = await Promise.all([press(a.url, 0), later]);
      for (const r of answers) expect(r.status, r.text).toBe(200);
      const ids = answers.map((r) => r.json.nextMatchID as string);
      expect(ids[1], `round ${round}`).toBe(ids[0]);
      // The finished match names that rematch on both processes, and it exists.
      for (const base of [a.url, b.url]) {
        const named = await http(base, `/games/${GAME}/${matchID}`);
        expect(named.json.nextMatchID).toBe(ids[0]);
        expect((await http(base, `/games/${GAME}/${ids[0]}`)).status).toBe(200);
      }
      // It keeps the match's clock.
      expect((await readMatch(b, ids[0])).metadata.turnClockMs).toBe(5 * 60_000);
      // Whoever made it gets the creator key; the other press answers the rematch without one.
      const keys = answers.map((r) => r.json.creatorKey as unknown).filter((k) => typeof k === 'string');
      expect(keys, `round ${round}, lag ${lag} ms`).toHaveLength(1);
      // And that key is the rematch's: its holder joins as the creator (a wrong key is a 403).
      const joined = await http(b.url, `/games/${GAME}/${ids[0]}/join`, {
        method: 'POST',
        json: { playerID: '0', playerName: 'P0', creatorKey: keys[0] },
      });
      expect(joined.status, joined.text).toBe(200);
      // No second rematch left behind: the match and its rematch, per round.
      expect(await a.db.listMatches({ gameName: GAME })).toHaveLength(2 * (round + 1));
    }
  }, 60_000);
});
