/**
 * Two presses of "Play again" at once on one process, with the embedded storages (files, the default, and memory).
 * boardgame.io's `playAgain` reads the match, makes a rematch unless the match names one, and writes its ID back:
 * two presses that both read "none yet" each made a rematch, and with the file storage (whose reads and writes
 * wait on the disk) each then read back its own, so the two players sat in two rematches, each waiting for the
 * other (found in a browser review: 1 press in 6 on a phone). Every press must answer with one rematch, the one
 * the finished match names, and only one of them with its creator key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME, http, joinMatch, startTestServer, type TestServer } from './harness';

const ROUNDS = 20;

describe.each(['file', 'memory'] as const)('two presses of "Play again" at once (%s storage)', (storage) => {
  let server: TestServer | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-rematch-'));
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`are answered with one rematch (${ROUNDS} times, the second 0–9 ms after the first)`, async () => {
    server = await startTestServer({ storage, dataDir });
    const url = server.url;
    for (let round = 0; round < ROUNDS; round++) {
      const created = await http(url, `/games/${GAME}/create`, {
        method: 'POST',
        json: { numPlayers: 2, setupData: { firstPlayer: 0 } },
      });
      const matchID = created.json.matchID as string;
      const creds = [await joinMatch(url, matchID, '0'), await joinMatch(url, matchID, '1')];
      const press = (seat: number) =>
        http(url, `/games/${GAME}/${matchID}/playAgain`, {
          method: 'POST',
          json: { playerID: String(seat), credentials: creds[seat] },
        });
      const lag = round % 10;
      const later = new Promise((resolve) => setTimeout(resolve, lag)).then(() => press(1));
      const answers = await Promise.all([press(0), later]);
      for (const r of answers) expect(r.status, r.text).toBe(200);
      const ids = answers.map((r) => r.json.nextMatchID as string);
      expect(ids[1], `round ${round}, lag ${lag} ms`).toBe(ids[0]);
      expect((await http(url, `/games/${GAME}/${matchID}`)).json.nextMatchID).toBe(ids[0]);
      const keys = answers.map((r) => r.json.creatorKey as unknown).filter((k) => typeof k === 'string');
      expect(keys, `round ${round}, lag ${lag} ms`).toHaveLength(1);
      // No second rematch left behind: the match and its rematch, per round.
      expect(await server.db.listMatches({ gameName: GAME })).toHaveLength(2 * (round + 1));
    }
  }, 60_000);
});
