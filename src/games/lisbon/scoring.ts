/**
 * Final scoring (rulebook "Final scoring", RULINGS "End of the game and
 * scoring"): card VP plus one VP per completed ticket between neighbouring
 * cards. Ties go to the most connections, then the most passengers still on
 * the tram, then the player farthest in turn order from the first player.
 */
import type { GameOver, GState, PlayerID, ScoreLine } from './types';
import { passengersOnBoard, scoreOf } from './selectors';

/** The result of a finished game, for `ctx.gameover`. */
export function gameOver(G: GState, playOrder: readonly PlayerID[]): GameOver {
  const firstPos = playOrder.indexOf(G.firstPlayer);
  const seatDistance = (p: PlayerID) => (playOrder.indexOf(p) - firstPos + playOrder.length) % playOrder.length;
  const lines: Record<PlayerID, ScoreLine> = {};
  for (const p of playOrder) {
    const s = scoreOf(G, p);
    lines[p] = { ...s, passengers: passengersOnBoard(G, p), rank: 0 };
  }
  const order = [...playOrder].sort(
    (a, b) =>
      lines[b].total - lines[a].total ||
      lines[b].connections - lines[a].connections ||
      lines[b].passengers - lines[a].passengers ||
      seatDistance(b) - seatDistance(a),
  );
  order.forEach((p, i) => (lines[p].rank = i + 1));
  const [w, r] = order;
  const decidedBy: GameOver['decidedBy'] =
    lines[w].total !== lines[r].total
      ? 'score'
      : lines[w].connections !== lines[r].connections
        ? 'connections'
        : lines[w].passengers !== lines[r].passengers
          ? 'passengers'
          : 'seat';
  return { winner: w, scores: lines, order, decidedBy };
}
